import { useEffect, useRef } from 'react';
import { ColumnsButton, useResourceContext } from 'react-admin';

/** The column chooser's rows as a plain list: each row's switch, with its label, is the control. */
const plainRows = (container: Element) => {
    container.querySelectorAll('[role="menu"]').forEach((list) => list.setAttribute('role', 'list'));
    container.querySelectorAll('li[role="option"]').forEach((row) => row.removeAttribute('role'));
};

/**
 * react-admin's column chooser (its DataTable keeps the choice in the store, so it survives a reload), with its
 * rows made plain list items. react-admin 5 marks each row, a switch and its label, as an `option` inside a
 * `menu`: a screen reader announces a menu of options that cannot be chosen, and axe-core reports it as critical
 * (options outside a listbox, a menu without items, a switch nested in an option). The chooser is drawn into its
 * popover by the DataTable, outside this component's tree, so the roles are mended where it is drawn, and again
 * whenever its rows are drawn anew (typing in its search box).
 */
export const ColumnsChooser = () => {
    const resource = useResourceContext();
    const observer = useRef<MutationObserver | undefined>(undefined);

    const mend = () => {
        // The popover is kept mounted, so the DataTable's rows are in it before it first opens.
        const container = document.getElementById(`${resource}.datatable-columnsSelector`);
        if (!container || observer.current) return;
        plainRows(container);
        observer.current = new MutationObserver(() => plainRows(container));
        observer.current.observe(container, { childList: true, subtree: true, attributeFilter: ['role'] });
    };
    useEffect(() => {
        mend();
        return () => observer.current?.disconnect();
        // eslint-disable-next-line react-hooks/exhaustive-deps -- once per list: the chooser's place does not move
    }, []);

    return (
        <span onClickCapture={mend}>
            <ColumnsButton />
        </span>
    );
};
