import { DataTable, EditButton } from 'react-admin';

import { DeleteWithConfirm } from './DeleteWithConfirm';
import { ToggleStatusButton, type ToggleStatusButtonProps } from './ToggleStatusButton';

export interface ActionsColumnProps {
    /** The Activate / Deactivate button and how it behaves; `false` for none. */
    toggle?: ToggleStatusButtonProps | false;
    /** Adds Delete, behind a confirmation. */
    deletable?: boolean;
}

/** The lists' Action column: Edit, Activate / Deactivate, and Delete where the API offers it. */
export const ActionsColumn = ({ toggle = {}, deletable = false }: ActionsColumnProps) => (
    <DataTable.Col label="app.list.action" align="right" sx={{ whiteSpace: 'nowrap' }}>
        <EditButton />
        {toggle && <ToggleStatusButton {...toggle} />}
        {deletable && <DeleteWithConfirm />}
    </DataTable.Col>
);
