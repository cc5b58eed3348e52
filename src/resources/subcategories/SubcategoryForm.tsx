import { required, TextInput } from 'react-admin';

import { ImageUploadInput } from '../../common/ImageUploadInput';
import { ReferenceSelectInput } from '../../common/ReferenceSelectInput';
import { ResourceForm } from '../../common/ResourceForm';

export const SubcategoryForm = () => (
    <ResourceForm>
        <ReferenceSelectInput source="categoryId" reference="categories" validate={required()} />
        <TextInput source="name" validate={required()} />
        <ImageUploadInput source="image" />
    </ResourceForm>
);
