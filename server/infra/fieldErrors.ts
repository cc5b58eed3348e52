import { capital, words } from '../../schema/messages';
import { isUnknownKey } from '../http/unknownKeys';

export interface AjvError {
    keyword: string;
    instancePath: string;
    schemaPath?: string;
    message?: string;
    params: Record<string, unknown>;
    parentSchema?: Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };
}

const label = (field: string) => capital(words(field));

/**
 * One message per field: the schema's own `x-message` where it has one, else a plain sentence.
 * Our own keywords (`x-decimal`) know which rule failed, so their sentence wins; `x-finite` says only
 * "must be a finite number", so it gets the field's message or name like Ajv's own.
 */
export function fieldErrors(validation: AjvError[]): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const error of validation) {
        const missing = error.keyword === 'required' ? String(error.params.missingProperty) : undefined;
        const field = missing ?? error.instancePath.split('/').filter(Boolean)[0] ?? 'body';
        if (errors[field]) continue;
        const custom = missing
            ? error.parentSchema?.properties?.[missing]?.['x-message']
            : error.keyword.startsWith('x-') && error.keyword !== 'x-finite'
              ? error.message
              : error.parentSchema?.['x-message'];
        if (typeof custom === 'string' && isUnknownKey(error.schemaPath)) errors[field] = custom.replace('{name}', field);
        else errors[field] = typeof custom === 'string' ? custom : missing ? `${label(field)} is required` : `${label(field)} ${error.message}`;
    }
    return errors;
}
