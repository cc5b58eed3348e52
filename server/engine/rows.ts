import type { Kysely, SelectQueryBuilder } from 'kysely';

// The entity layer works on any table, so it speaks to the database untyped; these name what it passes around.

/** A body, a record or a row: field names to values. */
export type Values = Record<string, unknown>;
export type Row = Values & { id: number };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<any, any, Row>;
