/** roleId 1 Admin, 2 Seller, anything else Customer, as the legacy data has it. */
export const ROLE = { admin: 1, seller: 2, customer: 3 } as const;

export const roleKey = (roleId: unknown) =>
    Number(roleId) === ROLE.admin ? 'admin' : Number(roleId) === ROLE.seller ? 'seller' : 'customer';

export const roleChoices = [
    { id: ROLE.admin, name: 'resources.users.roles.admin' },
    { id: ROLE.seller, name: 'resources.users.roles.seller' },
    { id: ROLE.customer, name: 'resources.users.roles.customer' },
];
