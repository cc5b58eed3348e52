import { DataTable, SearchInput, SelectInput } from 'react-admin';

import { ActionsColumn } from '../../common/ActionsColumn';
import { PercentField } from '../../common/PercentField';
import { ResourceList } from '../../common/ResourceList';
import { StatusField } from '../../common/StatusField';
import { statusChoices } from '../../common/statusChoices';
import type { Gst } from '../../types';
import { gstTypes } from './gstTypes';

const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="type" source="type" choices={gstTypes} translateChoice={false} />,
    <SelectInput key="status" source="status" choices={statusChoices} />,
];

const Column = DataTable.Col<Gst>;

export const GstList = () => (
    <ResourceList filters={filters}>
        <Column source="id" />
        <Column source="type" />
        <Column source="description" disableSort sx={{ maxWidth: 360 }} />
        <Column source="percent" field={PercentField} align="right" />
        <Column source="status" field={StatusField} />
        <ActionsColumn />
    </ResourceList>
);
