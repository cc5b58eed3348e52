import { prepareTemplates } from './templateDatabase';

export default async function setup() {
    await prepareTemplates(process.env.TEST_DATABASE_URL);
}
