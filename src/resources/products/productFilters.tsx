import { SearchInput, SelectInput } from 'react-admin';

import { DependentReferenceInput } from '../../common/DependentReferenceInput';
import { ReferenceSelectInput } from '../../common/ReferenceSelectInput';
import { statusChoices } from '../../common/statusChoices';

export const productFilters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <ReferenceSelectInput key="categoryId" source="categoryId" reference="categories" />,
    <DependentReferenceInput key="subcategoryId" source="subcategoryId" reference="subcategories" dependsOn="categoryId" whenUnset="all" />,
    <SelectInput key="status" source="status" choices={statusChoices} />,
];
