import { DataTable, ReferenceField } from 'react-admin';

import { ActionsColumn } from '../../common/ActionsColumn';
import { ImageThumbField } from '../../common/ImageThumbField';
import { MoneyField } from '../../common/MoneyField';
import { ResourceList } from '../../common/ResourceList';
import { StatusField } from '../../common/StatusField';
import type { Product } from '../../types';
import { productFilters } from './productFilters';

const Column = DataTable.Col<Product>;

/** Spec §9: the product table shows 100 rows a page. */
export const ProductList = () => (
    <ResourceList filters={productFilters} perPage={100}>
        <Column source="id" />
        <Column source="image" field={ImageThumbField} disableSort />
        <Column source="name" />
        <Column source="categoryName" disableSort />
        <Column source="subcategoryName" disableSort />
        <Column source="price" field={MoneyField} align="right" />
        <Column source="gstId" disableSort sx={{ whiteSpace: 'nowrap' }}>
            <ReferenceField source="gstId" reference="gst" link={false} />
        </Column>
        <Column source="status" field={StatusField} />
        <ActionsColumn />
    </ResourceList>
);
