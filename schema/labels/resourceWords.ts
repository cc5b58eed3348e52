import type { EntityName } from '../index';

/**
 * Each entity's words on the screens, by language (`resources.<name>.*`): its name, field titles, choices' words
 * and hints. Both halves read them: the app shows them, and the API's CSV import knows a column by the title the
 * export wrote, in either language. Any key a file leaves out reads the words its schema gives (src/i18n/schemaLabels.ts).
 */
export interface ResourceWords {
    name?: string;
    fields?: Record<string, string>;
    choices?: Record<string, Record<string, string>>;
    [key: string]: unknown;
}

/** The app's resources that have no schema (src/resources/index.ts hands them over by hand). */
export type UnschemedResource = 'users' | 'contacts' | 'videos' | 'orders' | 'customers';

/** One language's words for every resource: keyed by schema/index.ts's entities, so an entity without words fails tsc. */
export type WordsByResource = Record<EntityName | UnschemedResource, ResourceWords>;
