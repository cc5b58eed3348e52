import type { Screen } from './useScreens';
import { RECORD_KINDS, type Found, type RecordKind } from './searchShop';

/** One line the palette offers: a screen or a record, with where choosing it goes. */
export interface PaletteOption {
    /** Unique in the list, and the DOM id's tail. */
    key: string;
    kind: 'screens' | RecordKind;
    resource: string;
    id?: number;
    label: string;
    detail?: string;
}

export interface PaletteGroup {
    kind: PaletteOption['kind'];
    options: PaletteOption[];
}

/** Screens first (a few, matched here), then each kind the server found, in its order; empty kinds left out. */
export function paletteGroups(screens: Screen[], found: Found): PaletteGroup[] {
    const groups: PaletteGroup[] = [
        { kind: 'screens', options: screens.map(screen => ({ key: `screens-${screen.resource}`, kind: 'screens', resource: screen.resource, label: screen.label })) },
        ...RECORD_KINDS.map(kind => ({
            kind,
            options: (found[kind] ?? []).map(hit => ({ key: `${kind}-${hit.id}`, kind, resource: kind, id: hit.id, label: hit.label, detail: hit.detail })),
        })),
    ];
    return groups.filter(group => group.options.length > 0);
}
