import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import { writableFields } from '../../schema/registry';
import type { FieldType } from '../../schema/types';
import { ResourceForm } from '../common/ResourceForm';
import { useEntitySchema } from './SchemaContext';
import { SchemaInput } from './SchemaInput';

/** A note under a form, when the resource's labels have one (`resources.<name>.form_hint`). */
export const FormHint = () => {
    const { name } = useEntitySchema();
    const translate = useTranslate();
    const hint = translate(`resources.${name}.form_hint`, { _: '' });
    return hint ? (
        <Typography variant="caption" color="text.secondary">
            {hint}
        </Typography>
    ) : null;
};

export interface SchemaFormProps {
    mode: 'create' | 'edit';
    /** Inputs laid out by hand; by default every writable field in schema order. */
    children?: ReactNode;
    maxWidth?: number;
}

/** Inputs that need a whole row: text to write at length, and pictures. */
const WIDE: FieldType[] = ['longText', 'richText', 'image', 'gallery'];

/** Two columns from a laptop up (at 1366 px a single column left half the screen empty), one on a phone or tablet. */
const grid = {
    display: 'grid',
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
    columnGap: 3,
    width: '100%',
} as const;

/** The generated create and edit form: one input per writable field, Save and Cancel. */
export const SchemaForm = ({ mode, children, maxWidth }: SchemaFormProps) => {
    const schema = useEntitySchema();
    return (
        <ResourceForm maxWidth={children ? maxWidth : (maxWidth ?? 1040)}>
            {children ?? (
                <Box sx={grid}>
                    {writableFields(schema)
                        .filter(([, field]) => !field.keeps)
                        .map(([name, field]) => (
                        <Box key={name} sx={{ gridColumn: WIDE.includes(field.type) ? '1 / -1' : undefined, minWidth: 0 }}>
                            <SchemaInput source={name} mode={mode} />
                        </Box>
                    ))}
                </Box>
            )}
            <FormHint />
        </ResourceForm>
    );
};
