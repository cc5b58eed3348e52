import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useAuthProvider, useGetIdentity, useRecordContext, useResourceContext, type RaRecord } from 'react-admin';

import { roleMay } from '../authProvider/roleMay';
import { schemaNamed } from '../crud/schemas';

type RowMay = (action: string, record: RaRecord | undefined) => boolean;

const RowAccessContext = createContext<RowMay | undefined>(undefined);

/**
 * What the signed-in person may do to each row of a list, decided once per list. react-admin's buttons ask
 * `canAccess` each on its own, a query per button: 300 of them on a page of 100 products, about half of
 * the time the page took to draw. The decision is the authProvider's own (roleMay on the same identity),
 * so a button and `canAccess` cannot disagree; the API enforces it either way.
 */
export const RowAccessProvider = ({ children }: { children: ReactNode }) => {
    const resource = useResourceContext();
    const authProvider = useAuthProvider();
    const { identity, error } = useGetIdentity();
    // As react-admin: without an authProvider that checks access, everything is allowed.
    const checks = Boolean(authProvider?.canAccess);
    const may = useCallback<RowMay>(
        (action, record) => {
            if (!checks) return true;
            // As canAccess: unknown for now (offline, expired) offers the button and lets the API answer.
            if (error) return true;
            if (!identity) return false;
            return roleMay({ id: Number(identity.id), roleId: Number(identity.roleId) }, schemaNamed(resource), action, record);
        },
        [checks, identity, error, resource]
    );
    return <RowAccessContext.Provider value={may}>{children}</RowAccessContext.Provider>;
};

/** Whether the signed-in person may do `action` (edit, toggle, delete) to the row in context. */
export const useRowMay = (action: string): boolean => {
    const may = useContext(RowAccessContext);
    const record = useRecordContext();
    if (!may) throw new Error('useRowMay needs a <RowAccessProvider> around the list (ResourceList gives one)');
    return may(action, record);
};
