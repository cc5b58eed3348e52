import { useEffect } from 'react';

import { schemaNamed } from '../crud/schemas';
import {
    ReferenceInput,
    SelectInput,
    useChoicesContext,
    useGetRecordRepresentation,
    useNotify,
    useTranslate,
    type RaRecord,
    type SortPayload,
    type Validator,
} from 'react-admin';

const BY_NAME: SortPayload = { field: 'name', order: 'ASC' };

export interface ReferenceSelectInputProps {
    source: string;
    /** The resource offering the choices, shown by its `recordRepresentation`. */
    reference: string;
    validate?: Validator | Validator[];
    label?: string;
    filter?: Record<string, unknown>;
    disabled?: boolean;
    helperText?: string;
    sort?: SortPayload;
    /**
     * Offer active rows only (a form: nothing new should point at a deactivated category); the current value
     * stays, labelled '(inactive)'. A filter offers every row.
     */
    activeOnly?: boolean;
}

// Catalogue masters are short lists: offer them all (the API's page limit is 1000).
const ALL = 500;

/**
 * Says `resources.<reference>.notifications.fetch_choices_error` (else `…fetch_list_error`) when the choices
 * cannot be loaded; the select itself shows the error too, but is easy to miss in a long form.
 */
const NotifyChoicesError = ({ reference }: { reference: string }) => {
    const { error } = useChoicesContext();
    const notify = useNotify();
    const translate = useTranslate();
    useEffect(() => {
        if (!error) return;
        notify(`resources.${reference}.notifications.fetch_choices_error`, {
            type: 'error',
            messageArgs: { _: translate(`resources.${reference}.notifications.fetch_list_error`) },
        });
    }, [error, notify, reference, translate]);
    return null;
};

/** A select's label of a row: its name, and '(inactive)' when it is deactivated. */
const useChoiceLabel = (reference: string) => {
    const represent = useGetRecordRepresentation(reference);
    const translate = useTranslate();
    return (record: RaRecord) =>
        record.status != null && Number(record.status) !== 1
            ? translate('app.reference.inactive', { name: String(represent(record)) })
            : String(represent(record));
};

/**
 * Whether the referenced list can be narrowed to active rows: its API filters on status, and its status is
 * the staff's choice (attributes are saved inactive by every edit, as the legacy API did, so their status says nothing).
 */
const filtersOnStatus = (reference: string) => {
    const schema = schemaNamed(reference);
    return Boolean(schema?.list.filters.includes('status') && schema.onSave?.status === undefined);
};

/** A select of another resource's records, all of them (or the active ones), sorted by name unless told otherwise. */
export const ReferenceSelectInput = ({
    source,
    reference,
    validate,
    label,
    filter,
    disabled,
    helperText,
    sort = BY_NAME,
    activeOnly = true,
}: ReferenceSelectInputProps) => {
    const optionText = useChoiceLabel(reference);
    const narrowed = activeOnly && filtersOnStatus(reference) ? { ...filter, status: 1 } : filter;
    return (
        <ReferenceInput source={source} reference={reference} sort={sort} perPage={ALL} filter={narrowed}>
            <SelectInput label={label} validate={validate} disabled={disabled} helperText={helperText} optionText={optionText} />
            <NotifyChoicesError reference={reference} />
        </ReferenceInput>
    );
};
