import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { TextInput, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';

import { SchemaForm } from '../../crud/SchemaForm';
import { SchemaInput } from '../../crud/SchemaInput';
import { useVariantParent, VariantOf } from '../../crud/VariantOf';
import { SavingText } from '../../common/PriceWithSaving';
import { isLoose } from '../../../schema/measure';

/** The main picture needs words for who cannot see it (the API refuses it too: server/features/catalogue/productHooks.ts). */
const describedWhenPictured: Validator = (value: unknown, values: Record<string, unknown>) =>
    values.image && !String(value ?? '').trim() ? 'app.gallery.main_alt_required' : undefined;

/** What a customer saves at this price below the MRP, as the user types either. */
const FormSaving = () => {
    const [price, mrp] = useWatch({ name: ['price', 'mrp'] });
    return <SavingText price={price} ceiling={mrp} />;
};

const row = { direction: { xs: 'column', sm: 'row' }, columnGap: 2, width: '100%' } as const;

/** How the product is counted; loose goods (by the kilogram or litre) also say the step and the minimum a customer buys. */
const SoldBy = ({ mode }: { mode: 'create' | 'edit' }) => {
    const unit = useWatch({ name: 'unit' });
    const translate = useTranslate();
    return (
        <>
            <Stack {...row}>
                <SchemaInput source="unit" mode={mode} />
                {isLoose(unit) && <SchemaInput source="step" mode={mode} />}
                {isLoose(unit) && <SchemaInput source="minimum" mode={mode} />}
            </Stack>
            {isLoose(unit) && (
                <Typography variant="caption" color="text.secondary" sx={{ mt: -1, mb: 1 }}>
                    {translate('resources.products.loose_hint')}
                </Typography>
            )}
        </>
    );
};

/** What a product's variants share: shown on the product's form, and on none of its variants' (schema/products.ts). */
const Shared = ({ children }: { children: ReactNode }) => (useVariantParent() === undefined ? <>{children}</> : null);

/**
 * The generated inputs, laid out in pairs: name and option (a pack size), description, where it sits in the catalogue (the
 * subcategory offered only within the chosen category), its attribute values (brand, pack, diet), its tax and HSN code, how it is sold (by the piece, or loose with a step and minimum), price, MRP (with the saving) and stock, its SKU, barcode and weight, its picture
 * with its alt text, and its gallery. A variant's form leaves out what it shares with its product, and says whose it is.
 */
export const ProductForm = ({ mode }: { mode: 'create' | 'edit' }) => (
    <SchemaForm mode={mode} maxWidth={1040}>
        <VariantOf />
        <Stack {...row}>
            <Shared>
                <SchemaInput source="name" mode={mode} />
            </Shared>
            <SchemaInput source="option" mode={mode} />
        </Stack>
        <Shared>
            <SchemaInput source="description" mode={mode} />
            <Stack {...row}>
                <SchemaInput source="categoryId" mode={mode} />
                <SchemaInput source="subcategoryId" mode={mode} />
            </Stack>
        </Shared>
        <SchemaInput source="attributeIds" mode={mode} />
        <Stack {...row}>
            <SchemaInput source="attributeId" mode={mode} />
            <Shared>
                <SchemaInput source="gstId" mode={mode} />
                <SchemaInput source="hsn" mode={mode} />
            </Shared>
        </Stack>
        <SoldBy mode={mode} />
        <Stack {...row}>
            <SchemaInput source="price" mode={mode} />
            <SchemaInput source="mrp" mode={mode} />
            <SchemaInput source="stock" mode={mode} />
        </Stack>
        <FormSaving />
        <Stack {...row}>
            <SchemaInput source="sku" mode={mode} />
            <SchemaInput source="barcode" mode={mode} />
            <SchemaInput source="weight" mode={mode} />
        </Stack>
        <SchemaInput source="image" mode={mode} />
        <TextInput source="imageAlt" validate={describedWhenPictured} inputProps={{ maxLength: 250 }} helperText="app.gallery.alt_hint" />
        <Shared>
            <SchemaInput source="images" mode={mode} />
        </Shared>
    </SchemaForm>
);
