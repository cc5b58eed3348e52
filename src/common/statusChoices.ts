import type { Status } from '../types';

/** For SelectInput filters and inputs; names are i18n keys. */
export const statusChoices: { id: Status; name: string }[] = [
    { id: 1, name: 'app.status.active' },
    { id: 0, name: 'app.status.inactive' },
];
