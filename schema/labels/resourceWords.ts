/**
 * Each entity's words on the screens, by language (`resources.<name>.*`): its name, field titles, choices' words
 * and hints. Both halves read them: the app shows them, and the API's CSV import knows a column by the title the
 * export wrote, in either language. An entity without words here reads the words its schema gives
 * (src/i18n/schemaLabels.ts); Hindi words are optional for a new entity.
 */
export interface ResourceWords {
    name?: string;
    fields?: Record<string, string>;
    choices?: Record<string, Record<string, string>>;
    [key: string]: unknown;
}
