// Pieces every route schema shares, so validation, OpenAPI and messages come from one place.

/** Ids and other integer columns are 32-bit in both databases; a larger number is bad input, not a query. */
export const MAX_INTEGER = 2_147_483_647;

export const idValue = { type: 'integer', minimum: 1, maximum: MAX_INTEGER } as const;

export const idParams = {
    type: 'object',
    required: ['id'],
    properties: { id: idValue },
} as const;

export const errorBody = {
    type: 'object',
    properties: {
        success: { type: 'boolean', const: false },
        message: { type: 'string' },
        error: { type: 'string', description: 'The same as message, for legacy clients that read `error`' },
        errors: { type: 'object', additionalProperties: { type: 'string' } },
    },
} as const;

export const messageBody = {
    type: 'object',
    properties: { success: { type: 'boolean' }, message: { type: 'string' } },
} as const;

export const statusValue = { type: 'integer', enum: [0, 1], 'x-message': 'Status must be 1 (active) or 0 (inactive)' } as const;

/** A text field that must hold something other than spaces. */
export const requiredText = (message: string, maxLength = 255) =>
    ({ type: 'string', pattern: '\\S', maxLength, 'x-message': message }) as const;

export const optionalText = (maxLength = 2000) => ({ type: 'string', maxLength }) as const;

/** A file part of a multipart body; JSON clients may send an existing path string instead. */
export const imageField = {
    description: 'Image file (JPEG, PNG, GIF or WebP, at most 5 MB), sent as a multipart part; on update, an empty text value removes the image',
} as const;

export const timestamps = {
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
} as const;

export const errorResponses = {
    400: errorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
    409: errorBody,
} as const;
