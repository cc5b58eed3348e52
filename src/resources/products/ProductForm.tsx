import { InputAdornment, Stack } from '@mui/material';
import { NumberInput, required, TextInput } from 'react-admin';

import { DependentReferenceInput } from '../../common/DependentReferenceInput';
import { ImageUploadInput } from '../../common/ImageUploadInput';
import { ReferenceSelectInput } from '../../common/ReferenceSelectInput';
import { ResourceForm } from '../../common/ResourceForm';
import { amount } from '../../common/validators';

const rupee = { startAdornment: <InputAdornment position="start">₹</InputAdornment> };
const row = { direction: { xs: 'column', sm: 'row' }, columnGap: 2, width: '100%' } as const;

/** Name, description, where it sits in the catalogue, its tax and price, its main picture and its gallery. */
export const ProductForm = () => (
    <ResourceForm maxWidth={760}>
        <TextInput source="name" validate={required()} />
        <TextInput source="description" validate={required()} multiline minRows={3} />
        <Stack {...row}>
            <ReferenceSelectInput source="categoryId" reference="categories" validate={required()} />
            <DependentReferenceInput
                source="subcategoryId"
                reference="subcategories"
                dependsOn="categoryId"
                validate={required()}
                waitingText="resources.products.choose_category_first"
            />
        </Stack>
        <Stack {...row}>
            <ReferenceSelectInput source="attributeId" reference="attribute" validate={required()} />
            <ReferenceSelectInput source="gstId" reference="gst" validate={required()} sort={{ field: 'type', order: 'ASC' }} />
        </Stack>
        <NumberInput source="price" min={0} step={0.01} validate={[required(), ...amount(2)]} InputProps={rupee} />
        <ImageUploadInput source="image" />
        <ImageUploadInput source="images" multiple helperText="resources.products.gallery_hint" />
    </ResourceForm>
);
