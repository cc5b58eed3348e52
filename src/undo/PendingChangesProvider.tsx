import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { AddUndoableMutationContext, TakeUndoableMutationContext, type UndoableMutation } from 'react-admin';

import { setLeaving } from '../http/leaving';

/**
 * react-admin's queue of undoable changes (toggles, deletes, bulk actions), with one addition: what is
 * still waiting for its Undo window to close when the page is closed or reloaded is sent at once, as
 * `keepalive` requests, instead of being dropped with the page. Mounted inside <AdminContext>, it replaces
 * react-admin's own queue for the whole app, the notification that offers Undo included.
 */
export const PendingChangesProvider = ({ children }: { children: ReactNode }) => {
    // A ref, not state: the notification takes from it in an event handler, and pagehide must see it all.
    const queue = useRef<UndoableMutation[]>([]);
    const add = useCallback((mutation: UndoableMutation) => {
        queue.current.push(mutation);
    }, []);
    const take = useCallback(() => queue.current.shift(), []);

    useEffect(() => {
        const sendAll = () => {
            setLeaving(true);
            for (let mutation = take(); mutation; mutation = take()) mutation({ isUndo: false });
        };
        // Back from the browser's page cache: the page lives on, its requests need not outlive it.
        const stay = () => setLeaving(false);
        window.addEventListener('pagehide', sendAll);
        window.addEventListener('pageshow', stay);
        return () => {
            window.removeEventListener('pagehide', sendAll);
            window.removeEventListener('pageshow', stay);
        };
    }, [take]);

    return (
        <TakeUndoableMutationContext.Provider value={take}>
            <AddUndoableMutationContext.Provider value={add}>{children}</AddUndoableMutationContext.Provider>
        </TakeUndoableMutationContext.Provider>
    );
};
