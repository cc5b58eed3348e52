import { required, SimpleForm, TextInput } from 'react-admin';

import { ImageUploadInput } from '../../common/ImageUploadInput';
import { SaveToolbar } from '../../common/SaveToolbar';

export const CategoryForm = () => (
    <SimpleForm toolbar={<SaveToolbar />} sx={{ maxWidth: 600 }}>
        <TextInput source="name" validate={required()} />
        <TextInput source="description" validate={required()} multiline minRows={3} />
        <ImageUploadInput source="image" />
    </SimpleForm>
);
