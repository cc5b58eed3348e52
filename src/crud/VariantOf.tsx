import { Alert, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useCreatePath, useGetOne, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';

import { variantName } from '../../schema/variantName';
import { useEntitySchema } from './SchemaContext';

/** The product a form's record is a variant of (its id), or undefined for a product's own row. */
export const useVariantParent = (): number | undefined => {
    const schema = useEntitySchema();
    const parent = useWatch({ name: schema.variants?.parent ?? '' });
    return schema.variants && parent != null && parent !== '' ? Number(parent) : undefined;
};

/**
 * At the top of a variant's form: whose variant it is, with a link to the product's form, where its shared fields
 * (name, description, category, tax) are changed for all its variants at once.
 */
export const VariantOf = () => {
    const schema = useEntitySchema();
    const parent = useVariantParent();
    const translate = useTranslate();
    const createPath = useCreatePath();
    const { data } = useGetOne(schema.name, { id: parent! }, { enabled: parent !== undefined });
    if (parent === undefined) return null;
    const name = data ? variantName(String(data[schema.representation] ?? ''), data[schema.variants!.option]) : `#${parent}`;
    return (
        <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
            {translate('app.variants.of', { name })}{' '}
            <Link component={RouterLink} to={createPath({ resource: schema.name, id: parent, type: 'edit' })}>
                {translate('app.variants.open_product')}
            </Link>
        </Alert>
    );
};
