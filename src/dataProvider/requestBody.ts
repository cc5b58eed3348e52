/** Server-owned columns: never sent back on create or update. */
const READ_ONLY_FIELDS = new Set(['id', 'createdAt', 'updatedAt']);

const writableEntries = (data: Record<string, unknown>) =>
    Object.entries(data).filter(([key]) => !READ_ONLY_FIELDS.has(key));

const hasRawFile = (value: unknown): value is { rawFile: File } =>
    typeof value === 'object' && value !== null && (value as { rawFile?: unknown }).rawFile instanceof File;

const toText = (value: unknown): string => {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
};

const appendField = (form: FormData, key: string, value: unknown, isFileField: boolean) => {
    if (value == null) return;
    if (Array.isArray(value)) {
        value.forEach(item => appendField(form, key, item, isFileField));
        return;
    }
    if (isFileField) {
        // A preview of the image already stored (no rawFile) is not sent: the server keeps it.
        if (hasRawFile(value)) form.append(key, value.rawFile);
        return;
    }
    form.append(key, toText(value));
};

/** FormData for multipart resources (files from ImageInput's `rawFile`), JSON otherwise. */
export const requestBody = (data: Record<string, unknown>, fileFields?: string[]): FormData | string => {
    const entries = writableEntries(data);
    if (!fileFields) return JSON.stringify(Object.fromEntries(entries));
    const form = new FormData();
    entries.forEach(([key, value]) => appendField(form, key, value, fileFields.includes(key)));
    return form;
};
