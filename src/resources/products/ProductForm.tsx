import { Stack } from '@mui/material';

import { SchemaForm } from '../../crud/SchemaForm';
import { SchemaInput } from '../../crud/SchemaInput';

const row = { direction: { xs: 'column', sm: 'row' }, columnGap: 2, width: '100%' } as const;

/**
 * The generated inputs, laid out in pairs: name, description, where it sits in the catalogue (the
 * subcategory offered only within the chosen category), its tax and HSN code, price and stock, its SKU and barcode, its picture
 * and its gallery.
 */
export const ProductForm = ({ mode }: { mode: 'create' | 'edit' }) => (
    <SchemaForm mode={mode} maxWidth={760}>
        <SchemaInput source="name" mode={mode} />
        <SchemaInput source="description" mode={mode} />
        <Stack {...row}>
            <SchemaInput source="categoryId" mode={mode} />
            <SchemaInput source="subcategoryId" mode={mode} />
        </Stack>
        <Stack {...row}>
            <SchemaInput source="attributeId" mode={mode} />
            <SchemaInput source="gstId" mode={mode} />
            <SchemaInput source="hsn" mode={mode} />
        </Stack>
        <Stack {...row}>
            <SchemaInput source="price" mode={mode} />
            <SchemaInput source="stock" mode={mode} />
        </Stack>
        <Stack {...row}>
            <SchemaInput source="sku" mode={mode} />
            <SchemaInput source="barcode" mode={mode} />
        </Stack>
        <SchemaInput source="image" mode={mode} />
        <SchemaInput source="images" mode={mode} />
    </SchemaForm>
);
