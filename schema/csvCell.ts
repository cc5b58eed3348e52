/**
 * CSV cells a spreadsheet would run as a formula (OWASP, CSV injection): text that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return. The list's export (src/crud/schemaExporter.ts) writes such text
 * after an apostrophe, which spreadsheets show as text and never run; the import (server/features/imports/csvImport.ts)
 * takes exactly that apostrophe off again, so that what goes out comes back the same. Text that already
 * starts with apostrophes before one of those characters gets one more, so that it too comes back as it was.
 */
const FORMULA = /^'*[=+\-@\t\r]/;
const ESCAPED = /^'+[=+\-@\t\r]/;

/** The text as the export writes it: formulas neutralised. */
export const neutraliseCell = (text: string): string => (FORMULA.test(text) ? `'${text}` : text);

/** A cell as the import reads it: the one apostrophe the export added taken off. */
export const restoreCell = (text: string): string => (ESCAPED.test(text) ? text.slice(1) : text);
