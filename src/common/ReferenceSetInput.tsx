import { AutocompleteArrayInput, ReferenceArrayInput, useGetRecordRepresentation, type RaRecord, type SortPayload, type Validator } from 'react-admin';

import { schemaNamed } from '../crud/schemas';

export interface ReferenceSetInputProps {
    source: string;
    reference: string;
    validate?: Validator | Validator[];
    sort?: SortPayload;
    label?: string;
}

// Catalogue masters are short lists: offer them all (the API's page limit is 1000).
const ALL = 500;

/**
 * The field of the referenced rows that groups the choices: the first a two-part representation names
 * (`%{name}: %{value}` groups attribute values by their name: Brand, Pack, Diet); none for a plain one.
 */
export const groupFieldOf = (reference: string): string | undefined => {
    const fields = [...(schemaNamed(reference)?.representation ?? '').matchAll(/%\{(\w+)\}/g)].map(match => match[1]);
    return fields.length > 1 ? fields[0] : undefined;
};

/** A multi-select of another resource's rows (a product's attribute values), grouped, each chosen once. */
export const ReferenceSetInput = ({ source, reference, validate, sort, label }: ReferenceSetInputProps) => {
    const represent = useGetRecordRepresentation(reference);
    const group = groupFieldOf(reference);
    // Grouped options must come sorted by their group, as MUI's Autocomplete asks.
    const order = sort ?? { field: group ?? 'id', order: 'ASC' as const };
    return (
        <ReferenceArrayInput source={source} reference={reference} sort={order} perPage={ALL}>
            <AutocompleteArrayInput
                label={label}
                validate={validate}
                optionText={(record: RaRecord) => String(represent(record))}
                groupBy={group ? (record: RaRecord) => String(record[group] ?? '') : undefined}
                filterToQuery={(q: string) => ({ q })}
            />
        </ReferenceArrayInput>
    );
};
