import { DataTable, EditButton, List, SearchInput, SelectInput } from 'react-admin';

import { ImageThumbField } from '../../common/ImageThumbField';
import { StatusField } from '../../common/StatusField';
import { statusChoices } from '../../common/statusChoices';
import { ToggleStatusButton } from '../../common/ToggleStatusButton';
import { useNotifyError } from '../../common/useNotifyError';
import type { Category } from '../../types';

const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={statusChoices} />,
];

const Column = DataTable.Col<Category>;

export const CategoryList = () => {
    const onError = useNotifyError('fetch_list_error');
    return (
        <List filters={filters} sort={{ field: 'id', order: 'ASC' }} queryOptions={{ onError }}>
            <DataTable bulkActionButtons={false} rowClick={false}>
                <Column source="id" />
                <Column source="name" />
                <Column source="description" disableSort sx={{ maxWidth: 360 }} />
                <Column source="image" field={ImageThumbField} disableSort />
                <Column source="status" field={StatusField} />
                <Column label="app.list.action" align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <EditButton />
                    <ToggleStatusButton />
                </Column>
            </DataTable>
        </List>
    );
};
