import { maxValue, NumberInput, required, SelectInput, TextInput } from 'react-admin';

import { ResourceForm } from '../../common/ResourceForm';
import { amount } from '../../common/validators';
import { gstTypes } from './gstTypes';

export const GstForm = () => (
    <ResourceForm>
        <SelectInput source="type" choices={gstTypes} translateChoice={false} validate={required()} />
        <TextInput source="description" validate={required()} multiline minRows={2} />
        <NumberInput source="percent" min={0} max={100} step={0.01} validate={[required(), ...amount(2), maxValue(100)]} />
    </ResourceForm>
);
