import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const APP_ONLY = [{ group: ['**/server/*', '**/test/*'], message: 'The app reads only schema/ of the rest of the house.' }];
const NO_APP = [
    { group: ['**/src/*'], message: 'The server and the schemas never read the app.' },
    { group: ['**/test/*', '../test/**'], message: 'Nothing outside test/ imports test/.' },
];
const NO_PLUGINS = { group: ['**/plugins/*'], message: 'Plugins decorate the app; what they share lives in server/infra or schema/.' };
const NO_FEATURES = { group: ['**/features/*'], message: 'The engine and the infrastructure know no feature.' };
const restrictImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
// A cast of what a request carries is where its schema and the code can disagree silently: a route types it from its
// schema (a type provider), or from one named type in its generic where the schema is built at run time.
const REQUEST_CAST = ':matches(TSAsExpression, TSTypeAssertion) > MemberExpression.expression[object.name=/^(request|req)$/][property.name=/^(body|query|params)$/]';
// The route files not typed from their schemas yet: this list only shrinks.
const UNTYPED_ROUTES = [
    'server/engine/list/query.ts',
    'server/engine/routes/listRoute.ts',
];

export default tseslint.config(
    { ignores: ['dist', 'node_modules', 'data', 'test-results', 'coverage'] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    // Plain scripts the page loads before the app (public/): browser globals.
    { files: ['public/**/*.js'], languageOptions: { globals: globals.browser } },
    {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { globals: { ...globals.browser, ...globals.node } },
        plugins: { 'react-hooks': reactHooks },
        rules: {
            'react-hooks/rules-of-hooks': 'error',
            'react-hooks/exhaustive-deps': 'warn',
            '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        },
    },
    // A function reads at once: a longer one names its steps instead. Migrations are history, kept as they ran.
    {
        files: ['server/**/*.ts', 'src/**/*.{ts,tsx}'],
        ignores: ['server/db/migrations/**'],
        rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
    },
    // The rooms' doors (README, Layout): only schema/ is shared by both halves; nothing outside test/ imports test/;
    // plugins decorate the app and share nothing by import; the engine knows no feature.
    { files: ['src/**/*.{ts,tsx}'], rules: restrictImports(APP_ONLY) },
    { files: ['server/**/*.ts', 'schema/**/*.ts', 'scripts/**/*.ts'], rules: restrictImports(NO_APP) },
    { files: ['server/**/*.ts', 'schema/**/*.ts', 'scripts/**/*.ts'], ignores: ['server/plugins/**', 'server/app.ts', 'server/main.ts'], rules: restrictImports([...NO_APP, NO_PLUGINS]) },
    { files: ['server/engine/**/*.ts', 'server/infra/**/*.ts', 'server/db/**/*.ts'], rules: restrictImports([...NO_APP, NO_PLUGINS, NO_FEATURES]) },
    {
        files: ['server/**/*.ts'],
        ignores: UNTYPED_ROUTES,
        rules: { 'no-restricted-syntax': ['error', { selector: REQUEST_CAST, message: "Type the route from its schema (a type provider), or name the type in the route's generic; don't cast request.body/query/params." }] },
    },
);
