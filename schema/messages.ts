import { checkOf } from './checks';
import type { EntitySchema, Field } from './types';

// The sentences a person reads about a field, made once here so the API and the screens say the same.

/** A field's name in words: `contact_no` and `contactNo` are 'contact no'. */
export const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();

export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/** What a person calls the field in a sentence: its label, else its name in words. */
export const fieldLabel = (name: string, field: Field) => field.label ?? words(name);

/**
 * What the screens call a field when no label file names it: its label, else a reference's entity's noun, else its
 * name in words; capitalised ('categoryId' → 'Category', 'contactNo' → 'Contact no'). `id` is 'ID'.
 */
export function fieldTitle(name: string, field?: Field, target?: EntitySchema): string {
    if (name === 'id') return 'ID';
    if (field?.label) return capital(field.label);
    if (field?.type === 'reference') return capital(target?.noun[0] ?? words(name.replace(/(?<=[a-z])Id$/, '')));
    return capital(words(name));
}

/** The sentence for a field left out, blank or malformed. */
export function fieldMessage(name: string, field: Field, target?: EntitySchema): string {
    if (field.message) return field.message;
    const check = checkOf(field);
    if (check) return check.message;
    if (field.type === 'reference') return `Please choose ${withArticle(target?.noun[0] ?? words(name))}`;
    if (field.type === 'enum' && field.choices) return `Please choose one of: ${field.choices.join(', ')}`;
    if (field.type === 'image') return `Please choose ${withArticle(fieldLabel(name, field))}`;
    return `Please enter the ${fieldLabel(name, field)}`;
}
