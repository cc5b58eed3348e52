import { useEffect } from 'react';
import {
    ReferenceInput,
    SelectInput,
    useChoicesContext,
    useNotify,
    useTranslate,
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

/** A select of another resource's records, all of them, sorted by name unless told otherwise. */
export const ReferenceSelectInput = ({
    source,
    reference,
    validate,
    label,
    filter,
    disabled,
    helperText,
    sort = BY_NAME,
}: ReferenceSelectInputProps) => (
    <ReferenceInput source={source} reference={reference} sort={sort} perPage={ALL} filter={filter}>
        <SelectInput label={label} validate={validate} disabled={disabled} helperText={helperText} />
        <NotifyChoicesError reference={reference} />
    </ReferenceInput>
);
