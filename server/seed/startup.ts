import type { FastifyInstance } from 'fastify';
import { whileLocked } from '../db/advisoryLock';
import { ensureAdmin } from './admin';
import { seedDemo } from './demo';
import { seedDemoContent } from './demoContent';

/**
 * What a start adds to the database once the app is built: the administrator and, with SEED_DEMO, the demo
 * shop. Instances started together take turns (an advisory lock on PostgreSQL), so the first fills a fresh
 * database and the others find it filled.
 */
export function seedAtStart(app: FastifyInstance): Promise<{ email: string; created: boolean }> {
    return whileLocked(app.db, 'start-up', async () => {
        const admin = await ensureAdmin(app.db, app.config.adminEmail);
        if (app.config.seedDemo) {
            await seedDemo(app);
            await seedDemoContent(app);
        }
        return admin;
    });
}
