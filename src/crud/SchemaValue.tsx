import { DateField, TextField, useRecordContext } from 'react-admin';

import { AmountField } from '../common/AmountField';
import { LongTextField } from '../common/LongTextField';
import { MoneyField } from '../common/MoneyField';
import { PercentField } from '../common/PercentField';
import { ReferenceSetField } from '../common/ReferenceSetField';
import { ReferenceValue } from '../common/ReferenceValue';
import { StatusField } from '../common/StatusField';
import { plainText } from '../common/TruncatedTextField';
import { WindowStateField } from '../common/WindowStateField';
import { useEntitySchema } from './SchemaContext';
import { shopDateFieldOptions } from '../common/shopTime';
import { QuantityField } from '../common/Quantity';
import { PriceWithSaving } from '../common/PriceWithSaving';

/** A rich-text body as its words, two lines of them: a phone's row never shows the markup. */
const RichTextSummary = ({ source }: { source: string }) => {
    const record = useRecordContext();
    return <LongTextField source={source} record={{ id: record?.id ?? '', [source]: plainText(record?.[source]) }} />;
};

/** One column's value as its field's type shows it, for the places that are not a table cell (a phone's row). */
export const SchemaValue = ({ source }: { source: string }) => {
    const schema = useEntitySchema();
    if (source === 'status') return <StatusField />;
    if (source === 'state' && schema.window) {
        // A span keeps the chip its own width in the phone row's column.
        return (
            <span>
                <WindowStateField source={source} />
            </span>
        );
    }
    const field = schema.fields[source];
    switch (field?.type) {
        case 'money':
            // A price with its ceiling shows the MRP and saving, and a loose product's "/ kg", as the wide list does.
            if (field.notAbove) return <PriceWithSaving source={source} ceiling={field.notAbove.field} unitSource={field.unitField} align="flex-start" />;
            return field.percentWhen ? <AmountField source={source} percentWhen={field.percentWhen} /> : <MoneyField source={source} />;
        case 'date':
            return <DateField source={source} locales="en-IN" options={shopDateFieldOptions} />;
        case 'percent':
            return <PercentField source={source} />;
        case 'quantity':
            return <QuantityField source={source} unitSource={field.unitField} />;
        case 'reference':
            return <ReferenceValue source={source} reference={field.reference!} />;
        case 'referenceMany':
            return <ReferenceSetField source={source} reference={field.reference!} />;
        case 'longText':
            return <LongTextField source={source} />;
        case 'richText':
            return <RichTextSummary source={source} />;
        default:
            return <TextField source={source} />;
    }
};
