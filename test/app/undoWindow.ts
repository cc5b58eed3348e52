/**
 * Toggles, deletes and bulk actions are undoable: the request leaves only when the notification offering
 * Undo closes (react-admin's 4 s), so what follows from the server is awaited this long.
 */
export const afterUndoWindow = { timeout: 8_000 };
