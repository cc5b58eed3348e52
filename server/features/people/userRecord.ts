import { ROLE, roleName } from '../../../schema/access';
import { timestamps } from '../../http/common';

/** The columns of a user any answer may carry: never the password hash. */
export const USER_COLUMNS = ['id', 'name', 'email', 'contactNo', 'address', 'pincode', 'gstin', 'businessName', 'roleId', 'status', 'createdAt', 'updatedAt'] as const;

/**
 * What anyone but staff may read of a user: who they are and their role, not how to reach them. Staff (administrators
 * and sellers) read every column: they take phone orders, pack and deliver, and the orders they handle carry the
 * same details (docs/api.md, "Customers' contact details").
 */
export const USER_COLUMNS_WITHOUT_CONTACTS = ['id', 'name', 'roleId', 'status', 'createdAt', 'updatedAt'] as const;

export const seesContacts = (roleId: number) => roleId === ROLE.admin || roleId === ROLE.seller;

/** The columns the reader may read: staff all of USER_COLUMNS, anyone else no contact details. */
export const userColumnsFor = (roleId: number) => (seesContacts(roleId) ? USER_COLUMNS : USER_COLUMNS_WITHOUT_CONTACTS);

export interface UserRow {
    id: number;
    name: string;
    email?: string | null;
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
        email: { type: ['string', 'null'], description: 'Null for a customer staff added with only a phone (they cannot sign in)' },
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
