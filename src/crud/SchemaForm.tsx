import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import { writableFields } from '../../schema/registry';
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

/** The generated create and edit form: one input per writable field, Save and Cancel. */
export const SchemaForm = ({ mode, children, maxWidth }: SchemaFormProps) => {
    const schema = useEntitySchema();
    return (
        <ResourceForm maxWidth={maxWidth}>
            {children ?? writableFields(schema).map(([name]) => <SchemaInput key={name} source={name} mode={mode} />)}
            <FormHint />
        </ResourceForm>
    );
};
