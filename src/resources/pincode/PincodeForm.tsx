import { NumberInput, required, TextInput } from 'react-admin';

import { ResourceForm } from '../../common/ResourceForm';
import { amount, pincode } from '../../common/validators';

export const PincodeForm = () => (
    <ResourceForm>
        <TextInput source="pincode" validate={[required(), pincode]} inputProps={{ inputMode: 'numeric', maxLength: 6 }} />
        <NumberInput source="prize" min={0} step={0.01} validate={[required(), ...amount(2)]} />
    </ResourceForm>
);
