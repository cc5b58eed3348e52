import { useCanAccess, useResourceContext } from 'react-admin';

import { BulkActionButton } from './BulkActionButton';

export interface BulkActionsProps {
    /** The resource has a status toggle. */
    toggle?: boolean;
    /** The resource can be deleted. */
    deletable?: boolean;
}

/** The buttons over a selection: Activate, Deactivate and Delete, each as far as the resource and the role allow. */
export const BulkActions = ({ toggle = false, deletable = false }: BulkActionsProps) => {
    const resource = useResourceContext();
    const { canAccess: mayToggle } = useCanAccess({ action: 'toggle', resource });
    const { canAccess: mayDelete } = useCanAccess({ action: 'delete', resource });
    return (
        <>
            {toggle && mayToggle && <BulkActionButton action="activate" />}
            {toggle && mayToggle && <BulkActionButton action="deactivate" />}
            {deletable && mayDelete && <BulkActionButton action="delete" />}
        </>
    );
};
