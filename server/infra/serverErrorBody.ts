import type { FastifyRequest } from 'fastify';

/**
 * The body of an answer with a 5xx status: the error envelope and the request's id, which is also in the
 * X-Request-Id header and on every log line of the request, so a user's report leads to the logged fault.
 */
export function serverErrorBody(request: FastifyRequest, message: string) {
    return { success: false, message, requestId: request.id };
}
