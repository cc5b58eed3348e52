import { DataTable, SearchInput, SelectInput } from 'react-admin';

import { ActionsColumn } from '../../common/ActionsColumn';
import { MoneyField } from '../../common/MoneyField';
import { ResourceList } from '../../common/ResourceList';
import { StatusField } from '../../common/StatusField';
import { statusChoices } from '../../common/statusChoices';
import type { Pincode } from '../../types';

const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={statusChoices} />,
];

const Column = DataTable.Col<Pincode>;

export const PincodeList = () => (
    <ResourceList filters={filters}>
        <Column source="id" />
        <Column source="pincode" />
        <Column source="prize" field={MoneyField} align="right" />
        <Column source="status" field={StatusField} />
        <ActionsColumn />
    </ResourceList>
);
