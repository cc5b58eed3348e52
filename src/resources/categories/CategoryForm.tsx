import { required, TextInput } from 'react-admin';

import { ImageUploadInput } from '../../common/ImageUploadInput';
import { ResourceForm } from '../../common/ResourceForm';

export const CategoryForm = () => (
    <ResourceForm>
        <TextInput source="name" validate={required()} />
        <TextInput source="description" validate={required()} multiline minRows={3} />
        <ImageUploadInput source="image" />
    </ResourceForm>
);
