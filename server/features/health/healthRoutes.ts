import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

export default async function health(app: FastifyInstance) {
    app.get('/health', {
        config: { access: 'public' },
        schema: {
            tags: ['System'],
            summary: 'Answers when the server and its database do (for load balancers and monitors)',
            response: { 200: { type: 'object', properties: { status: { type: 'string' }, database: { type: 'string' } } } },
        },
        handler: async () => {
            await sql`select 1`.execute(app.db);
            return { status: 'ok', database: app.dbKind };
        },
    });
}
