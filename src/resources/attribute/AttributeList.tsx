import { DataTable, SearchInput, SelectInput } from 'react-admin';

import { ActionsColumn } from '../../common/ActionsColumn';
import { ResourceList } from '../../common/ResourceList';
import { StatusField } from '../../common/StatusField';
import { statusChoices } from '../../common/statusChoices';
import type { Attribute } from '../../types';

const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={statusChoices} />,
];

const Column = DataTable.Col<Attribute>;

export const AttributeList = () => (
    <ResourceList filters={filters}>
        <Column source="id" />
        <Column source="name" />
        <Column source="value" />
        <Column source="description" disableSort sx={{ maxWidth: 360 }} />
        <Column source="status" field={StatusField} />
        <ActionsColumn toggle={{ serverMessage: true }} />
    </ResourceList>
);
