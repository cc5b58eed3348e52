import type { Kysely } from 'kysely';
import { createListIndexes, dropListIndexes, type ListIndexSpec } from '../listIndexes';

// Frozen: the content and activity lists as they are today, at the speed of their indexes like the catalogue's.
const LISTS: ListIndexSpec[] = [
    { table: 'banners', search: ['name', 'description'], sort: ['name', 'status', 'createdAt', 'updatedAt'], filters: ['status'] },
    { table: 'pageCategories', search: ['name', 'description'], sort: ['name', 'createdAt', 'updatedAt'] },
    {
        table: 'pageContents',
        search: ['title', 'description'],
        sort: ['title', 'pageCategoryId', 'status', 'createdAt', 'updatedAt'],
        filters: ['pageCategoryId', 'status'],
    },
    { table: 'managePages', search: ['pageName', 'description', 'selectCategory'], sort: ['pageName', 'selectCategory', 'createdAt'], filters: ['selectCategory'] },
    {
        table: 'coupons',
        search: ['couponCode', 'heading', 'description'],
        sort: ['couponCode', 'heading', 'startDate', 'expiryDate', 'status', 'createdAt'],
        filters: ['discountType', 'status'],
    },
    { table: 'settings', search: ['website', 'email', 'contact'], sort: ['website', 'status', 'createdAt', 'updatedAt'], filters: ['status'] },
    { table: 'auditLog', search: ['userEmail', 'entity'], sort: ['createdAt'], filters: ['userEmail', 'action', 'entity', 'entityId'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
    for (const list of LISTS) await createListIndexes(db, list);
}

export async function down(db: Kysely<unknown>): Promise<void> {
    for (const list of LISTS) await dropListIndexes(db, list);
}
