import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type VerifyWebhook = (secret: string, header: string | undefined, rawBody: string, now?: number) => boolean;

/** The code block of docs/api.md that defines verifyWebhook, as its text: the tests run what an integrator copies. */
export function verifySnippetSource(): string {
    const doc = fs.readFileSync(path.join(import.meta.dirname, '../../docs/api.md'), 'utf8');
    const block = [...doc.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]).find((code) => code.includes('function verifyWebhook('));
    if (!block) throw new Error('docs/api.md has no ```js block defining verifyWebhook');
    return block;
}

/** verifyWebhook as docs/api.md writes it, evaluated as a CommonJS script would run it. */
export function verifyWebhookFromDocs(): VerifyWebhook {
    // Running the documentation's own code is the point.
    const load = new Function('require', `${verifySnippetSource()}\nreturn verifyWebhook;`) as (require: NodeRequire) => VerifyWebhook;
    return load(createRequire(import.meta.url));
}
