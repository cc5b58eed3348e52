import { DataTable, SearchInput, SelectInput } from 'react-admin';

import { ActionsColumn } from '../../common/ActionsColumn';
import { ImageThumbField } from '../../common/ImageThumbField';
import { ResourceList } from '../../common/ResourceList';
import { StatusField } from '../../common/StatusField';
import { statusChoices } from '../../common/statusChoices';
import type { Category } from '../../types';

const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={statusChoices} />,
];

const Column = DataTable.Col<Category>;

export const CategoryList = () => (
    <ResourceList filters={filters}>
        <Column source="id" />
        <Column source="name" />
        <Column source="description" disableSort sx={{ maxWidth: 360 }} />
        <Column source="image" field={ImageThumbField} disableSort />
        <Column source="status" field={StatusField} />
        <ActionsColumn />
    </ResourceList>
);
