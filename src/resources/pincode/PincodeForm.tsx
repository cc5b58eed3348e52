import { Box } from '@mui/material';

import { SchemaForm } from '../../crud/SchemaForm';
import { SchemaInput } from '../../crud/SchemaInput';
import { StateFromPin } from './StateFromPin';

/** The pincode form: the generated inputs, with the state suggested from the PIN as it is typed. */
export const PincodeForm = ({ mode }: { mode: 'create' | 'edit' }) => (
    <SchemaForm mode={mode} maxWidth={520}>
        <Box sx={{ display: 'grid', width: '100%' }}>
            <SchemaInput source="pincode" mode={mode} />
            <SchemaInput source="prize" mode={mode} />
            <SchemaInput source="state" mode={mode} />
            <StateFromPin />
        </Box>
    </SchemaForm>
);
