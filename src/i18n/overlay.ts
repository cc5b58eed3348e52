export type Messages = Record<string, unknown>;

/** `over` laid on `under`, key by key: a label not yet translated shows in English, never as its raw key. */
export const overlay = (under: Messages, over: Messages): Messages =>
    Object.fromEntries(
        [...new Set([...Object.keys(under), ...Object.keys(over)])].map(key => {
            const [a, b] = [under[key], over[key]];
            const both = typeof a === 'object' && a && typeof b === 'object' && b;
            return [key, both ? overlay(a as Messages, b as Messages) : (b ?? a)];
        })
    );
