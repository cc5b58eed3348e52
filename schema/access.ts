import type { Access, EntitySchema } from './types';

/** roleId 1 is Admin, 2 Seller, anything else Customer, as the legacy data has it. */
export const ROLE = { admin: 1, seller: 2, customer: 3 } as const;

/** What the API calls a role in its answers, as the legacy user list showed it. */
export const roleName = (roleId: number): 'Admin' | 'Seller' | 'Customer' => (roleId === ROLE.admin ? 'Admin' : roleId === ROLE.seller ? 'Seller' : 'Customer');

/** Whether a signed-in person of this role passes an access level; both halves ask it the same way. */
export const roleAllows = (access: Access, roleId: number): boolean =>
    access === 'public' || access === 'signedIn' || roleId === ROLE.admin || (access === 'staff' && roleId === ROLE.seller);

/** Where an entity records its creator, a seller changes only the rows they created; everyone else any row. */
export const ownsRow = (entity: Pick<EntitySchema, 'createdBy'>, who: { id: number; roleId: number }, row: Record<string, unknown>): boolean =>
    !entity.createdBy || who.roleId !== ROLE.seller || row.createdBy === who.id;
