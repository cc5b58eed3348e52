import type { ReactNode } from 'react';
import { DataTable, useResourceContext, useResourceDefinition } from 'react-admin';

import { endpoints } from '../dataProvider/endpoints';
import { DeleteWithConfirm } from './DeleteWithConfirm';
import { EditRowButton } from './EditRowButton';
import { ToggleStatusButton, type ToggleStatusButtonProps } from './ToggleStatusButton';

export interface ActionsColumnProps {
    /** The Activate / Deactivate button and how it behaves; `false` for none. */
    toggle?: ToggleStatusButtonProps | false;
    /** Offer Delete; by default when the endpoint map gives the resource a delete call. */
    deletable?: boolean;
    /** What comes before Edit in each row (a product's "Show its variants"). */
    children?: ReactNode;
}

/**
 * The lists' Action column: Edit, Activate / Deactivate, and Delete (behind a confirmation) exactly
 * when the endpoint map gives the resource a delete call, so the button and the API cannot disagree; each
 * only where the signed-in role may (decided once per list, RowAccessProvider).
 */
export const ActionsColumn = ({ toggle = {}, deletable: deletableProp, children }: ActionsColumnProps) => {
    const resource = useResourceContext();
    const deletable = deletableProp ?? Boolean(resource && endpoints[resource]?.delete);
    const { hasEdit } = useResourceDefinition();
    return (
        <DataTable.Col label="app.list.action" align="right" sx={{ whiteSpace: 'nowrap', position: 'relative' }}>
            {children}
            {hasEdit && <EditRowButton />}
            {toggle && <ToggleStatusButton {...toggle} />}
            {deletable && <DeleteWithConfirm />}
        </DataTable.Col>
    );
};
