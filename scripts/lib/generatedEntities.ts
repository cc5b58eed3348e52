import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

import type { EntitySchema, IconName } from '../../schema/types';

/** Nouns of entities a grocery back-office could add next, each with words of its own so that gzip finds no copies. */
const NOUNS: Array<[one: string, many: string, icon: IconName]> = [
    ['supplier', 'suppliers', 'LocalShipping'],
    ['warehouse', 'warehouses', 'Storefront'],
    ['brand', 'brands', 'Label'],
    ['delivery slot', 'delivery slots', 'History'],
    ['rider', 'riders', 'LocalShipping'],
    ['store', 'stores', 'Storefront'],
    ['recipe', 'recipes', 'Article'],
    ['offer', 'offers', 'LocalOffer'],
    ['complaint', 'complaints', 'Description'],
    ['return', 'returns', 'Inventory2'],
];

const camel = (words: string) => words.replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase());
const capital = (words: string) => words[0].toUpperCase() + words.slice(1);

/**
 * An entity of the suppliers' size (a name, a contact, a phone, an email, an address, a logo, a reference, a
 * note, an amount), named after `NOUNS[index]`: the schema file a developer writes for a new entity.
 */
export function generatedEntity(index: number): EntitySchema {
    const [one, many, icon] = NOUNS[index % NOUNS.length];
    const name = camel(many) + (index >= NOUNS.length ? String(index) : '');
    const prefix = camel(one);
    const path = `/${name}`;
    return {
        name,
        table: name,
        noun: [one, many],
        tag: capital(many),
        paths: { list: path, item: `${path}/:id`, create: path, update: `${path}/:id`, toggle: `${path}/:id/toggle`, remove: `${path}/:id` },
        fields: {
            name: { type: 'text', required: true, max: 120, message: `Please enter the ${one}'s name`, unique: `Another ${one} already has this name` },
            [`${prefix}Contact`]: { type: 'text', max: 120, label: `${one} contact person` },
            [`${prefix}Phone`]: { type: 'phone', message: `Please enter the ${one}'s phone number` },
            [`${prefix}Email`]: { type: 'email', max: 200 },
            [`${prefix}Address`]: { type: 'longText', max: 1000, description: `Where the ${one} is, as written on its letters` },
            logo: { type: 'image' },
            categoryId: { type: 'reference', reference: 'categories', display: { as: 'categoryName', field: 'name' } },
            [`${prefix}Note`]: { type: 'longText', max: 2000, truncateWords: 20 },
            [`${prefix}Limit`]: { type: 'money', max: 1_000_000, label: `${one} credit limit` },
        },
        list: {
            search: ['name', `${prefix}Contact`, `${prefix}Email`],
            sort: ['id', 'name', 'status', 'createdAt'],
            filters: ['categoryId', 'status'],
            columns: ['id', 'logo', 'name', `${prefix}Contact`, `${prefix}Phone`, 'categoryName', 'status'],
        },
        messages: {
            created: `${capital(one)} added successfully`,
            updated: `${capital(one)} updated successfully`,
            toggled: `${capital(one)} status toggled successfully`,
            deleted: `${capital(one)} deleted successfully`,
            notFound: `${capital(one)} not found`,
        },
        representation: 'name',
        icon,
        menu: 'masters',
    };
}

/** What `vite build` reads: the app, the schemas, the page and the build's configuration. */
const BUILD_INPUTS = ['index.html', 'package.json', 'tsconfig.json', 'vite.config.ts', 'public', 'schema', 'src'];

/**
 * Builds the app with `count` more entities, added as a developer adds one: a schema file each and its line in
 * schema/index.ts; no label file, no menu line. It builds a copy (in `dir`, with this checkout's node_modules), so
 * that every reader of the schemas sees them, the build's configuration included. Resolves to the copy's dist.
 */
export async function buildWithEntities(count: number, dir: string): Promise<string> {
    for (const input of BUILD_INPUTS) fs.cpSync(input, path.join(dir, input), { recursive: true });
    fs.symlinkSync(fs.realpathSync('node_modules'), path.join(dir, 'node_modules'), 'dir');
    const names = Array.from({ length: count }, (_, index) => `generated${index}`);
    names.forEach((name, index) =>
        fs.writeFileSync(path.join(dir, 'schema', `${name}.ts`), `import type { EntitySchema } from './types';\n\nexport const ${name}: EntitySchema = ${JSON.stringify(generatedEntity(index), null, 4)};\n`)
    );
    const index = path.join(dir, 'schema/index.ts');
    const lines = fs.readFileSync(index, 'utf8');
    const list = /(const ENTITIES = \[\n[^\]]*)(\] as const;)/;
    if (!list.test(lines)) throw new Error('schema/index.ts lists its entities in a way buildWithEntities does not know');
    const listed = lines.replace(list, `$1${names.map(name => `    ${name},\n`).join('')}$2`);
    fs.writeFileSync(index, names.map(name => `import { ${name} } from './${name}';\n`).join('') + listed);
    await run(process.execPath, [fs.realpathSync('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], dir);
    return path.join(dir, 'dist');
}

/** Runs a command in `cwd`; rejects with its output when it fails. */
function run(command: string, args: string[], cwd: string): Promise<void> {
    return new Promise((resolve, reject) => {
        const child = spawn(command, args, { cwd, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', chunk => (output += chunk));
        child.stderr.on('data', chunk => (output += chunk));
        child.on('error', reject);
        child.on('exit', code => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`))));
    });
}
