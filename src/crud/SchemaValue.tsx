import { ReferenceField, TextField } from 'react-admin';

import { LongTextField } from '../common/LongTextField';
import { MoneyField } from '../common/MoneyField';
import { PercentField } from '../common/PercentField';
import { StatusField } from '../common/StatusField';
import { useEntitySchema } from './SchemaContext';

/** One column's value as its field's type shows it, for the places that are not a table cell (a phone's row). */
export const SchemaValue = ({ source }: { source: string }) => {
    const schema = useEntitySchema();
    if (source === 'status') return <StatusField />;
    const field = schema.fields[source];
    switch (field?.type) {
        case 'money':
            return <MoneyField source={source} />;
        case 'percent':
            return <PercentField source={source} />;
        case 'reference':
            return <ReferenceField source={source} reference={field.reference!} link={false} />;
        case 'longText':
        case 'richText':
            return <LongTextField source={source} />;
        default:
            return <TextField source={source} />;
    }
};
