import type { FastifyInstance } from 'fastify';
import { whileLocked } from '../db/advisoryLock';
import { ensureAdmin } from './admin';
import { seedDemo } from './demo';
import { seedDemoContent } from './demoContent';
import { invoiceOrdersPaidBefore } from '../features/orders/invoiceBackfill';

/**
 * What a start adds to the database once the app is built: the administrator, the tax invoices of orders paid
 * before the shop had them, and, with SEED_DEMO, the demo
 * shop. Instances started together take turns (an advisory lock on PostgreSQL), so the first fills a fresh
 * database and the others find it filled.
 */
export function seedAtStart(app: FastifyInstance): Promise<{ email: string; created: boolean }> {
    return whileLocked(app.db, 'start-up', async () => {
        const admin = await ensureAdmin(app.db, app.config.adminEmail);
        // A shop upgraded from a release without tax invoices: its paid orders get theirs, once.
        const invoiced = await invoiceOrdersPaidBefore(app.db);
        if (invoiced) app.log.info({ invoiced }, 'Gave tax invoices to orders paid before invoices existed');
        if (app.config.seedDemo) {
            await seedDemo(app);
            await seedDemoContent(app);
        }
        return admin;
    });
}
