import { Typography } from '@mui/material';
import { required, TextInput, useTranslate } from 'react-admin';

import { ResourceForm } from '../../common/ResourceForm';

export const AttributeForm = () => {
    const translate = useTranslate();
    return (
        <ResourceForm>
            <TextInput source="name" validate={required()} />
            <TextInput source="value" validate={required()} />
            <TextInput source="description" multiline minRows={3} />
            <Typography variant="caption" color="text.secondary">
                {translate('resources.attribute.saved_inactive')}
            </Typography>
        </ResourceForm>
    );
};
