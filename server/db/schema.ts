import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

// Column names are camelCase here; the CamelCasePlugin maps them to snake_case in SQL.
// Timestamps are ISO-8601 strings in both dialects, so they sort and compare the same way.

export interface UsersTable {
    id: Generated<number>;
    name: string;
    email: string;
    contactNo: string | null;
    address: string | null;
    pincode: string | null;
    passwordHash: string | null;
    roleId: number;
    createdAt: string;
    updatedAt: string;
}

export interface LoginCodesTable {
    id: Generated<number>;
    email: string;
    codeHash: string;
    attempts: number;
    expiresAt: string;
    usedAt: string | null;
    createdAt: string;
}

export interface SessionsTable {
    id: Generated<number>;
    tokenHash: string;
    userId: number;
    expiresAt: string;
    revokedAt: string | null;
    createdAt: string;
}

export interface CategoriesTable {
    id: Generated<number>;
    name: string;
    description: string;
    image: string | null;
    status: number;
    createdAt: string;
    updatedAt: string;
}

export interface Database {
    users: UsersTable;
    loginCodes: LoginCodesTable;
    sessions: SessionsTable;
    categories: CategoriesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Category = Selectable<CategoriesTable>;
export type NewCategory = Insertable<CategoriesTable>;
export type CategoryUpdate = Updateable<CategoriesTable>;
