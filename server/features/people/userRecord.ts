import { ROLE, roleName } from '../../../schema/access';
import { timestamps } from '../../http/common';

/** The columns of a user any answer may carry: never the password hash. */
export const USER_COLUMNS = ['id', 'name', 'email', 'contactNo', 'address', 'pincode', 'gstin', 'businessName', 'roleId', 'status', 'createdAt', 'updatedAt'] as const;

/**
 * What a seller may read of a user: who they are and their role, not how to reach them (a seller needs no customer's
 * address). A business customer's GSTIN and name are printed on every invoice they get, so they are not private.
 */
export const USER_COLUMNS_FOR_SELLERS = ['id', 'name', 'gstin', 'businessName', 'roleId', 'status', 'createdAt', 'updatedAt'] as const;

/** The columns a member of staff may read: administrators all of USER_COLUMNS, sellers no contact details. */
export const userColumnsFor = (roleId: number) => (roleId === ROLE.admin ? USER_COLUMNS : USER_COLUMNS_FOR_SELLERS);

export interface UserRow {
    id: number;
    name: string;
    email?: string;
    contactNo?: string | null;
    address?: string | null;
    pincode?: string | null;
    gstin: string | null;
    businessName: string | null;
    roleId: number;
    status: number;
    createdAt: string;
    updatedAt: string;
}

/** A user as the API answers it: the role's name beside its id. */
export const toUser = (row: UserRow) => ({ ...row, role: roleName(row.roleId) });

/** The response schema of a user; being a whitelist, it also keeps anything secret out of the answer. */
export const userRecord = {
    type: 'object',
    properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        email: { type: 'string' },
        contactNo: { type: ['string', 'null'] },
        address: { type: ['string', 'null'] },
        pincode: { type: ['string', 'null'] },
        gstin: { type: ['string', 'null'], description: "A business customer's GSTIN: their orders get B2B tax invoices naming it" },
        businessName: { type: ['string', 'null'], description: 'The business name printed beside that GSTIN' },
        roleId: { type: 'integer', description: '1 Admin, 2 Seller, anything else Customer' },
        role: { type: 'string', enum: ['Admin', 'Seller', 'Customer'] },
        status: { type: 'integer', description: '1 active, 0 disabled' },
        ...timestamps,
    },
} as const;
