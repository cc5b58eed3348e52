import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { fieldErrors, type AjvError } from '../infra/fieldErrors';
import { HttpError } from '../infra/errors';
import { outOfService } from '../infra/outOfService';
import { serverErrorBody } from '../infra/serverErrorBody';

// PostgreSQL data exceptions a client's value can cause: a NUL byte in text, a number out of range.
const BAD_VALUE_CODES = new Set(['22001', '22003', '22021', '22P05']);

/** PostgreSQL's query_canceled: what a statement cancelled for an abandoned request ends with. */
const QUERY_CANCELED = '57014';

// A rule the database enforced (both dialects' codes): the client's conflict or value, not our fault.
function databaseRefusal(error: { code?: unknown }): HttpError | undefined {
    const code = String(error.code ?? '');
    if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
        return new HttpError(409, 'This record is linked to other records, so it cannot be changed this way');
    }
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') return new HttpError(409, 'A record with this value already exists');
    if (BAD_VALUE_CODES.has(code)) return new HttpError(400, 'Some of the values sent cannot be stored; please check them');
    return undefined;
}

/** The one error handler: client mistakes are answered plainly, faults are logged and hidden. */
export default fp(
    async (app) => {
        app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
            if ('validation' in error && error.validation) {
                const errors = fieldErrors(error.validation as unknown as AjvError[]);
                const message = Object.values(errors)[0] ?? 'Invalid request';
                return reply.code(400).send({ success: false, message, error: message, errors });
            }
            const down = outOfService(error);
            if (down) {
                // Said once per request, with the dependency's own words (ENOSPC, SQLITE_FULL, ECONNREFUSED…) for the operator.
                request.log.warn({ err: error, dependency: down.dependency }, `${down.dependency} out of service`);
                reply.header('Retry-After', down.retryAfter);
                return reply.code(down.statusCode).send(serverErrorBody(request, down.message));
            }
            const known = error instanceof HttpError ? error : databaseRefusal(error);
            const status = known?.statusCode ?? error.statusCode ?? 500;
            // 503 is ours to say too: the server is busy (a queue is full) and the client may try again.
            if (status < 500 || known?.statusCode === 503) {
                const errors = known?.errors;
                const message = known?.message ?? error.message;
                if (status === 503) return reply.code(503).header('Retry-After', 30).send(serverErrorBody(request, message));
                return reply.code(status).send({ success: false, message, error: message, ...(errors ? { errors } : {}) });
            }
            // A statement cancelled because its client went away (db/abandoned.ts) is the client's choice, not a fault.
            if ((error as { code?: unknown }).code === QUERY_CANCELED && (reply.raw.destroyed || request.raw.destroyed)) {
                request.log.info('The client went away; its statement was cancelled');
                return reply.code(499).send();
            }
            request.log.error({ err: error }, 'Request failed');
            return reply.code(500).send(serverErrorBody(request, 'Something went wrong on our side. Please try again.'));
        });
    },
    { name: 'error-handler' },
);
