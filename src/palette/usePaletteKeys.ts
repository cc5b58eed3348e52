import { useEffect } from 'react';

/** Where a typed "/" belongs to the field, not to us. */
const typing = (target: EventTarget | null) =>
    target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The current list's search box (react-admin's SearchInput, source "q"), when the page shows one. */
const listSearch = () => document.querySelector<HTMLInputElement>('main input[name="q"], input[name="q"]');

/**
 * Ctrl/Cmd+K opens the palette from anywhere, even a field; "/" outside a field focuses the list's search box,
 * or opens the palette on a page without one.
 */
export function usePaletteKeys(open: () => void) {
    useEffect(() => {
        const onKeyDown = (event: KeyboardEvent) => {
            if (event.defaultPrevented || event.isComposing) return;
            if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
                event.preventDefault();
                open();
            } else if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typing(event.target)) {
                // Another dialog (a confirmation) keeps its keys.
                if (document.querySelector('[role="dialog"]')) return;
                event.preventDefault();
                const search = listSearch();
                if (search) {
                    search.focus();
                    search.select();
                } else open();
            }
        };
        document.addEventListener('keydown', onKeyDown);
        return () => document.removeEventListener('keydown', onKeyDown);
    }, [open]);
}
