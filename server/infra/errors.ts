/** An error the client caused: answered with its status and message, never logged as a fault. */
export class HttpError extends Error {
    constructor(
        readonly statusCode: number,
        message: string,
        readonly errors?: Record<string, string>,
    ) {
        super(message);
    }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);
