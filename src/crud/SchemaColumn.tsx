import { DataTable, DateField } from 'react-admin';

import { sortableColumns } from '../../schema/registry';
import type { EntitySchema, Field } from '../../schema/types';
import { AmountField } from '../common/AmountField';
import { CopyableTextField } from '../common/CopyableTextField';
import { ImageThumbField } from '../common/ImageThumbField';
import { LongTextField } from '../common/LongTextField';
import { MoneyField } from '../common/MoneyField';
import { PercentField } from '../common/PercentField';
import { PriceWithSaving } from '../common/PriceWithSaving';
import { ReferenceSetField } from '../common/ReferenceSetField';
import { ReferenceValue } from '../common/ReferenceValue';
import { StatusField } from '../common/StatusField';
import { TruncatedTextField } from '../common/TruncatedTextField';
import { WindowStateField } from '../common/WindowStateField';
import { useEntitySchema } from './SchemaContext';
import { shopDateFieldOptions } from '../common/shopTime';
import { QuantityField } from '../common/Quantity';
import { variantName } from '../../schema/variantName';

/** A column that shows the name a reference joins in (`categoryName`): the API does not sort on it. */
const isDisplayName = (schema: EntitySchema, source: string) => Object.values(schema.fields).some(field => field.display?.as === source);

/** An amount's column: a price below its ceiling (an MRP) with the saving under it, a coupon's rupees or percent, else rupees. */
const MoneyColumn = ({ source, field, disableSort }: { source: string; field: Field; disableSort: boolean }) => {
    if (field.notAbove) {
        return (
            <DataTable.Col source={source} align="right" disableSort={disableSort}>
                <PriceWithSaving source={source} ceiling={field.notAbove.field} unitSource={field.unitField} />
            </DataTable.Col>
        );
    }
    return field.percentWhen ? (
        <DataTable.Col source={source} align="right" disableSort={disableSort}>
            <AmountField source={source} percentWhen={field.percentWhen} />
        </DataTable.Col>
    ) : (
        <DataTable.Col source={source} field={MoneyField} align="right" disableSort={disableSort} />
    );
};

/** One list column, shown as its field's type calls for; sortable when the API sorts on it. */
export const SchemaColumn = ({ source, sortable = true }: { source: string; sortable?: boolean }) => {
    const schema = useEntitySchema();
    const disableSort = !sortable || !sortableColumns(schema).includes(source);
    if (source === 'status') return <DataTable.Col source={source} field={StatusField} disableSort={disableSort} />;
    if (source === 'state' && schema.window) return <DataTable.Col source={source} field={WindowStateField} disableSort />;
    const field = schema.fields[source];
    // A row of the list may be a variant: its name says which (Aashirvaad Atta (5 kg)).
    if (schema.variants && source === schema.representation) {
        return <DataTable.Col source={source} disableSort={disableSort} render={record => variantName(String(record[source] ?? ''), record[schema.variants!.option])} />;
    }
    if (!field) {
        // id, timestamps and joined display names are plain text.
        return <DataTable.Col source={source} disableSort={disableSort || isDisplayName(schema, source)} />;
    }
    if (field.truncateWords) {
        return (
            <DataTable.Col source={source} disableSort={disableSort} sx={{ maxWidth: 360 }}>
                <TruncatedTextField source={source} words={field.truncateWords} />
            </DataTable.Col>
        );
    }
    if (field.copyable) {
        return (
            <DataTable.Col source={source} disableSort={disableSort}>
                <CopyableTextField source={source} />
            </DataTable.Col>
        );
    }
    switch (field.type) {
        case 'date':
            return (
                <DataTable.Col source={source} disableSort={disableSort} sx={{ whiteSpace: 'nowrap' }}>
                    <DateField source={source} locales="en-IN" options={shopDateFieldOptions} />
                </DataTable.Col>
            );
        case 'image':
            return <DataTable.Col source={source} field={ImageThumbField} disableSort />;
        case 'money':
            return <MoneyColumn source={source} field={field} disableSort={disableSort} />;
        case 'percent':
            return <DataTable.Col source={source} field={PercentField} align="right" disableSort={disableSort} />;
        case 'quantity':
            return (
                <DataTable.Col source={source} align="right" disableSort={disableSort}>
                    <QuantityField source={source} unitSource={field.unitField} />
                </DataTable.Col>
            );
        case 'reference':
            return (
                <DataTable.Col source={source} disableSort={disableSort} sx={{ whiteSpace: 'nowrap' }}>
                    <ReferenceValue source={source} reference={field.reference!} />
                </DataTable.Col>
            );
        case 'referenceMany':
            return (
                <DataTable.Col source={source} disableSort>
                    <ReferenceSetField source={source} reference={field.reference!} />
                </DataTable.Col>
            );
        case 'longText':
            // Two lines, the whole text on hover or a click: a long description would make the row very tall.
            return (
                <DataTable.Col source={source} disableSort={disableSort} sx={{ maxWidth: 360 }}>
                    <LongTextField source={source} />
                </DataTable.Col>
            );
        case 'richText':
            return (
                <DataTable.Col source={source} disableSort={disableSort} sx={{ maxWidth: 360 }}>
                    <TruncatedTextField source={source} words={30} />
                </DataTable.Col>
            );
        default:
            return <DataTable.Col source={source} disableSort={disableSort} />;
    }
};
