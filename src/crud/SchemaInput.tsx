import {
    BooleanInput,
    NumberInput,
    ReferenceInput,
    SelectInput,
    TextInput,
    useTranslate,
} from 'react-admin';
import { RichTextInput } from 'ra-input-rich-text';

import { decimalRule } from '../../schema/fields';
import { DependentReferenceInput } from '../common/DependentReferenceInput';
import { GalleryInput } from '../common/GalleryInput';
import { ImageUploadInput } from '../common/ImageUploadInput';
import { ReferenceSelectInput } from '../common/ReferenceSelectInput';
import { ReferenceSetInput } from '../common/ReferenceSetInput';
import { ShopDateInput } from '../common/ShopDateInput';
import { EnumSelectInput } from './EnumSelectInput';
import { choiceSort, schemaNamed } from './schemas';
import { useEntitySchema } from './SchemaContext';
import { AmountInput } from './AmountInput';
import { validatorsFor } from './validators';
import { QuantityInput } from './QuantityInput';

export interface SchemaInputProps {
    source: string;
    /** Create asks for fields required on create only (`required: 'create'`); edit does not. */
    mode?: 'create' | 'edit';
}

/** The input a field's type calls for, with the schema's checks and messages: one place per type. */
export const SchemaInput = ({ source, mode = 'edit' }: SchemaInputProps) => {
    const schema = useEntitySchema();
    const translate = useTranslate();
    const field = schema.fields[source];
    if (!field || field.ignored || field.readOnly || field.keeps) return null;
    const target = schemaNamed(field.reference);
    const validate = validatorsFor(source, field, mode, target);
    const fieldLabel = (name: string) => translate(`resources.${schema.name}.fields.${name}`).toLowerCase();

    if (field.choicesFrom) {
        const { reference, field: valueField } = field.choicesFrom;
        return (
            <ReferenceInput source={source} reference={reference} sort={choiceSort(reference)} perPage={500}>
                <SelectInput optionValue={valueField} optionText={valueField} validate={validate} />
            </ReferenceInput>
        );
    }
    switch (field.type) {
        case 'longText':
            return <TextInput source={source} validate={validate} multiline minRows={3} />;
        case 'richText':
            return <RichTextInput source={source} validate={validate} />;
        case 'email':
            return <TextInput source={source} validate={validate} type="email" />;
        case 'url':
            return <TextInput source={source} validate={validate} type="url" />;
        case 'phone':
            return <TextInput source={source} validate={validate} type="tel" />;
        case 'integer':
        case 'number':
            return <NumberInput source={source} validate={validate} min={field.min} max={field.max} />;
        case 'money':
        case 'percent': {
            const { places, max } = decimalRule(source, field);
            return <AmountInput source={source} field={field} validate={validate} places={places} max={max} />;
        }
        case 'quantity':
            return <QuantityInput source={source} field={field} validate={validate} />;
        case 'enum':
            // One with a default (a product's unit) starts on it.
            return <EnumSelectInput source={source} values={field.choices ?? []} validate={validate} defaultValue={field.default} />;
        case 'reference':
            return field.within ? (
                <DependentReferenceInput
                    source={source}
                    reference={field.reference!}
                    dependsOn={field.within}
                    validate={validate}
                    sort={choiceSort(field.reference!)}
                    waitingText={translate('app.form.choose_first', { field: fieldLabel(field.within) })}
                />
            ) : (
                <ReferenceSelectInput source={source} reference={field.reference!} validate={validate} sort={choiceSort(field.reference!)} />
            );
        case 'referenceMany':
            return <ReferenceSetInput source={source} reference={field.reference!} validate={validate} />;
        case 'image':
            // A picture with its alt text beside it (`imageAlt`) shows that text as the preview's alt.
            return (
                <ImageUploadInput
                    source={source}
                    validate={validate}
                    altSource={schema.fields[`${source}Alt`] ? `${source}Alt` : undefined}
                    // The file input itself has no label element: name it as the field, for a screen reader.
                    inputProps={{ 'aria-label': translate(`resources.${schema.name}.fields.${source}`) }}
                />
            );
        case 'gallery':
            return <GalleryInput source={source} mainSource={field.gallery?.main} helperText={`resources.${schema.name}.gallery_hint`} />;
        case 'date':
            return <ShopDateInput source={source} validate={validate} />;
        case 'boolean':
            return <BooleanInput source={source} validate={validate} defaultValue={field.default} />;
        default:
            return <TextInput source={source} validate={validate} />;
    }
};
