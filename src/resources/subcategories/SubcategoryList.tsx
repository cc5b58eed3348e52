import { DataTable, SearchInput, SelectInput } from 'react-admin';

import { ActionsColumn } from '../../common/ActionsColumn';
import { ImageThumbField } from '../../common/ImageThumbField';
import { ReferenceSelectInput } from '../../common/ReferenceSelectInput';
import { ResourceList } from '../../common/ResourceList';
import { StatusField } from '../../common/StatusField';
import { statusChoices } from '../../common/statusChoices';
import type { Subcategory } from '../../types';

const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <ReferenceSelectInput key="categoryId" source="categoryId" reference="categories" />,
    <SelectInput key="status" source="status" choices={statusChoices} />,
];

const Column = DataTable.Col<Subcategory>;

export const SubcategoryList = () => (
    <ResourceList filters={filters}>
        <Column source="id" />
        <Column source="categoryName" disableSort />
        <Column source="name" />
        <Column source="image" field={ImageThumbField} disableSort />
        <Column source="status" field={StatusField} />
        <ActionsColumn toggle={{ confirm: 'resources.subcategories.confirm_toggle' }} />
    </ResourceList>
);
