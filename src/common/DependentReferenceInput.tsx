import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectInput } from 'react-admin';

import { ReferenceSelectInput, type ReferenceSelectInputProps } from './ReferenceSelectInput';

export interface DependentReferenceInputProps
    extends Omit<ReferenceSelectInputProps, 'filter' | 'disabled' | 'helperText'> {
    /** The field whose value narrows the choices, e.g. `categoryId`; also the filter sent to the API. */
    dependsOn: string;
    /** Without a value to depend on: `'none'` disables the input (a form), `'all'` offers every choice (a filter). */
    whenUnset?: 'none' | 'all';
    /** i18n key of the hint shown while the input waits for `dependsOn`. */
    waitingText?: string;
}

/**
 * A reference select limited to the rows that belong to another field's choice (a category's subcategories),
 * emptied when that choice changes so that no mismatched pair is ever saved.
 */
export const DependentReferenceInput = ({ dependsOn, whenUnset = 'none', waitingText, ...props }: DependentReferenceInputProps) => {
    const parent = useWatch({ name: dependsOn });
    const { setValue } = useFormContext();
    const previous = useRef(parent);
    useEffect(() => {
        if (previous.current === parent) return;
        previous.current = parent;
        setValue(props.source, null, { shouldDirty: true });
    }, [parent, props.source, setValue]);

    const unset = parent == null || parent === '';
    if (unset && whenUnset === 'none') {
        // Nothing to fetch yet: an empty, disabled select that says what it waits for.
        return <SelectInput source={props.source} label={props.label} choices={[]} disabled helperText={waitingText} />;
    }
    return <ReferenceSelectInput {...props} filter={unset ? undefined : { [dependsOn]: parent }} />;
};
