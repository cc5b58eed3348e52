/** A camelCase name as Kysely's CamelCasePlugin writes it in SQL: `pageCategoryId` → `page_category_id`. */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
