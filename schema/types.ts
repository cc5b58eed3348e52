/**
 * The one description of an entity that both halves read: the API builds its routes, validation,
 * OpenAPI document and queries from it, and the admin app its endpoint map, lists and forms.
 * Plain data: nothing here imports Fastify, Kysely or React.
 */

import type { CheckName } from './checks';

/** The closed list of field types; each maps once to a column, a JSON schema, a list field and an input. */
export type FieldType =
    | 'text'
    | 'longText'
    | 'richText'
    | 'number'
    | 'integer'
    | 'money'
    | 'percent'
    /** An amount of goods in their unit (3 pieces, 0.75 kg): exact decimals, kept as integer thousandths (schema/measure.ts). */
    | 'quantity'
    | 'reference'
    | 'referenceMany'
    | 'image'
    | 'gallery'
    | 'date'
    | 'enum'
    | 'email'
    | 'url'
    | 'phone'
    | 'boolean'
    /** A JSON object the server writes (an activity line's changes): kept as its text, answered as the object. */
    | 'json';

export interface Field {
    type: FieldType;
    /** Must be sent on create (true), or only on create when the update may keep the stored value ('create', e.g. an image). */
    required?: boolean | 'create';
    /** Yes/no and enum fields: the value a new record's form starts with, and the column's default (its migration says so). */
    default?: boolean | string;
    /** What a person reads when the value is missing or wrong; generated from the field when left out. */
    message?: string;
    /** Text: at most this many characters. Numbers and amounts: at most this value. */
    max?: number;
    /** Numbers: at least this value (amounts are never negative). */
    min?: number;
    /** Text: a regular expression (source text) the whole value must match. */
    pattern?: string;
    /** Text: a named check of the vocabulary (schema/checks.ts), run alike by the app and the API: its shape, message and more. */
    check?: CheckName;
    /** The other field of the row the named check reads too (a GSTIN's state). */
    checkWith?: string;
    /** Money, percent and quantity: how many decimals are kept exactly (stored as integer units). Defaults to 2, a quantity's to 3. */
    places?: number;
    /**
     * What a person calls it, lower case ('delivery charge'): in generated sentences, and, capitalised, the screens'
     * label when no label file names the field. Left out, the field's name in words: `contactNo` is 'contact no',
     * a reference is its entity's noun (`categoryId` is 'category').
     */
    label?: string;
    /** Enum: the allowed values, which are also what the screens show. */
    choices?: readonly string[];
    /** Reference: the entity (by name) whose id this field holds. */
    reference?: string;
    /**
     * ReferenceMany: a set of rows of `reference` (ids, in no order, each once), kept in a table of its own with one
     * row per pair: `key` holds this row's id, `ref` the referenced row's. `max` is the most ids a row may hold.
     */
    through?: { table: string; key: string; ref: string };
    /** Reference: the referenced row must share this row's value of that field (a product's subcategory is of its category). */
    within?: string;
    /** Reference: also answer the referenced row's `field` as the record field `as`, for display (`categoryName`). */
    display?: { as: string; field: string };
    /**
     * No two rows may hold the same value (text compared without case or surrounding spaces, like the entity's
     * `unique`); the sentence a client sees on a clash (409).
     */
    unique?: string;
    /** Gallery: an ordered list of images kept in a table of its own. */
    gallery?: {
        table: string;
        key: string;
        removeField: string;
        max: number;
        /** The owner's image field a gallery picture can swap places with (`makeMain`); its alt text is `<main>Alt`. */
        main?: string;
    };
    /** Answered, never written by clients (e.g. who created the row). */
    readOnly?: boolean;
    /** Accepted from legacy clients and never stored; the text says why (it lands in the OpenAPI document). */
    ignored?: string;
    /** Extra words for the OpenAPI document. */
    description?: string;
    /** Text: stored trimmed and upper-case (a coupon code), so uniqueness ignores case. */
    case?: 'upper';
    /** Text: the value must be the `field` of an existing row of `reference` (a page's category, by name). */
    choicesFrom?: { reference: string; field: string };
    /** Date: may not be before this other date field of the row; `message` says so. */
    notBefore?: { field: string; message: string };
    /**
     * Numbers and amounts: may not be more than this other field of the row when that one has a value (a price at most
     * its MRP); `message` says so. Both fields must count in the same units (two money fields with the same places).
     */
    notAbove?: { field: string; message: string };
    /** Numbers and amounts: bounds that depend on another field's value (a percentage at most 100). */
    rangeBy?: { field: string; ranges: Record<string, { min?: number; max?: number; message: string }> };
    /** Names this row's current value of that image field, which is then kept; anything else is refused. Never stored. */
    keeps?: string;
    /**
     * Other writes change this value too (a product's stock, taken by orders): the app's update sends it only when the
     * user changed it, so saving a form opened earlier never writes back a stale value.
     */
    changedElsewhere?: boolean;
    /** Lists cut the text at this many words, with the whole text a click away. */
    truncateWords?: number;
    /** Lists offer to copy the value in one click (a coupon code). */
    copyable?: boolean;
    /**
     * Quantity: the enum field of the row that names its unit (schema/measure.ts), written after the value ("0.75 kg");
     * money: the unit it is the price of ("₹40.00 / kg"). A quantity of pieces stays whole.
     */
    unitField?: string;
    /** Money: a percentage instead of rupees when another field has this value (a coupon's discount). */
    percentWhen?: { field: string; equals: string };
}

/** A row valid between two dates: records answer `state` (scheduled, active, expired) and lists filter on it. */
export interface DateWindow {
    from: string;
    to: string;
}

/** The sidebar icons a schema may name; src/crud/icons.ts maps each to its picture (and tsc holds the two lists equal). */
export const ICON_NAMES = [
    'AccountTree',
    'Article',
    'Category',
    'Description',
    'Folder',
    'History',
    'Inventory2',
    'Label',
    'LocalOffer',
    'LocalShipping',
    'Percent',
    'Settings',
    'Storefront',
    'ViewCarousel',
    'ViewList',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** The sidebar's groups an entity may join (src/layout/menuEntries.ts). */
export const MENU_GROUPS = ['masters', 'settings', 'users', 'orders'] as const;
export type MenuGroupName = (typeof MENU_GROUPS)[number];

export const WINDOW_STATES = ['scheduled', 'active', 'expired'] as const;
export type WindowState = (typeof WINDOW_STATES)[number];

/** What a role may do to an entity; 'staff' is Admin or Seller. */
export type Access = 'public' | 'signedIn' | 'staff' | 'admin';
export type Operation = 'list' | 'read' | 'create' | 'update' | 'toggle' | 'remove';

export interface EntitySchema {
    /**
     * The react-admin resource name and the key of every label: `resources.<name>.fields.<field>`. The screens'
     * English words come from this schema (noun, field labels, messages); a label file in schema/labels/<lang>/ overrides them.
     */
    name: string;
    /** The database table (camelCase, as Kysely's CamelCasePlugin sees it). */
    table: string;
    /** What a person calls one row and several, for the API's sentences and the screens' titles: ['GST rate', 'GST rates']. */
    noun: readonly [one: string, many: string];
    /** The OpenAPI tag. */
    tag: string;
    /**
     * The legacy paths, `:id` where the id goes; a path left out is a call not offered. An update or remove
     * path without `:id` takes the id in the body; an update path equal to the create path updates when the
     * body names an id and creates otherwise (`POST /add-Pagecategory`).
     */
    paths: { list: string; item?: string; create?: string; update?: string; toggle?: string; remove?: string };
    /** The body key of the new status on toggle: `status` unless the legacy client says otherwise (`newStatus`). */
    toggleKey?: string;
    /** The legacy list answer wraps the rows in an object under this key, e.g. `{success, data: [...]}`. */
    envelope?: 'data' | 'videos' | 'orders';
    fields: Record<string, Field>;
    /** Values every save sets whatever the client sent (attributes are always saved inactive). */
    onSave?: Record<string, string | number>;
    /** The row records who created it; a seller may then change only the rows they created. */
    createdBy?: boolean;
    /**
     * Combinations no two rows may share, compared without regard to case or surrounding spaces (a category's
     * name; a subcategory's name within its category). The last field carries the message; the database holds
     * a unique index on the same expression (see server/db/uniqueIndex.ts), so a race gets the same answer.
     */
    unique?: Array<{ fields: string[]; message: string }>;
    /** At most one row is active: activating (or creating) one deactivates the others (site settings). */
    singleActive?: boolean;
    /** The row is valid between two of its date fields (a coupon). */
    window?: DateWindow;
    /** Who may do what; anything left out is for staff, except remove, which is for administrators. */
    access?: Partial<Record<Operation, Access>>;
    list: {
        /** Fields `q` searches, case-insensitively. */
        search: string[];
        /** Fields a client may sort by; the first is the default. */
        sort: string[];
        /** Fields a client may filter on with `?field=value`. */
        filters: string[];
        /** The columns of the generated list, in order (`id`, `status` and display fields included). */
        columns: string[];
        /** Of those, the ones the table starts without, on offer in its column chooser (a product's ID: room for its variants' toggle). */
        hidden?: string[];
        /** Rows per page of the generated list. */
        perPage?: number;
        /** The newest first, for logs: the default sort's order. */
        defaultOrder?: 'ASC' | 'DESC';
        /** Number fields a client may filter by an upper bound, `?<field>_lte=5` (a product's stock: low stock). */
        atMost?: string[];
        /** A timestamp field the list filters by day with `from` and `to` (YYYY-MM-DD, both included). */
        dateRange?: string;
    };
    /** The API's sentences; the screens' notifications after a save, toggle or delete say the same (unless a label file differs). */
    messages: { created: string; updated: string; toggled: string; deleted?: string; notFound: string };
    /** How a row is named in selects and titles: a field name, or a template such as '%{name}: %{value}'. */
    representation: string;
    /** The sidebar icon, by name (one of ICON_NAMES); a list icon when left out. */
    icon?: IconName;
    /**
     * Where the sidebar links to the list, when src/layout/menuEntries.ts does not already: in one of its groups,
     * else (left out) on the top level, under the entity's plural noun; `false` for no link.
     */
    menu?: MenuGroupName | false;
    /**
     * Administrators may add rows from a CSV file (`POST <list path>/import`, with a dry run for a preview):
     * the columns the list's export writes, under the same titles. Such a list's export also writes every other
     * field its form fills in (files excepted), so an exported file imports back whole (src/crud/schemaExporter.ts).
     */
    import?: boolean;
    /**
     * A CSV import's row whose value of this field (unique) names an existing row updates that row instead of being
     * refused as a duplicate (a product's SKU); its pictures stay as they are.
     */
    importKey?: string;
    /**
     * Rows of this table that are options of one another (an atta's 500 g, 1 kg and 5 kg packs), as WooCommerce's
     * variations are posts with a parent: each variant is a row of its own, with what sets it apart (its price,
     * stock, SKU), so whatever sells, counts and bills a row sells, counts and bills a variant. The first variant is
     * the product's own row (`parent` empty, `position` 1: the row its list shows and the legacy calls read); the
     * others name it in `parent` and take the `shared` fields from it, kept the same by every save of either
     * (server/engine/variants.ts). `option` names each variant ('1 kg'); `position` orders them; `columns` are what
     * the list shows of each under the product's row (src/crud/VariantRows.tsx).
     */
    variants?: { parent: string; option: string; position: string; shared: readonly string[]; columns: readonly string[] };
    /** Screen behaviour the generated views read. */
    ui?: {
        /** Ask before Activate/Deactivate (`resources.<name>.confirm_toggle`). */
        confirmToggle?: boolean;
        /** Show the server's own sentence after a toggle. */
        toggleServerMessage?: boolean;
        /** Screens of the app beside the list (a bulk editor), linked from its toolbar: the app path and its label's i18n key. */
        listLinks?: Array<{ path: string; label: string }>;
    };
}

/** Every entity's system fields, answered but never written through the body. */
export const SYSTEM_FIELDS = ['id', 'status', 'createdAt', 'updatedAt'] as const;

/**
 * An entity schema, checked as one and kept as written (its name, table and field types as literals), so that
 * types can follow from it: the Kysely table types (server/db/entityTables.ts) and the lists keyed by entity name.
 */
export const defineEntity = <const S extends EntitySchema>(schema: S): S => schema;
