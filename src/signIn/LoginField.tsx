import type { InputHTMLAttributes, Ref } from 'react';
import { FilledInput, FormControl, FormHelperText, InputLabel } from '@mui/material';

import { useSignInTools } from './SignInTools';

interface LoginFieldProps {
    name: string;
    /** An i18n key. */
    label: string;
    value: string;
    onChange: (value: string) => void;
    /** A validator's answer (an i18n key, or one with arguments), shown under the field. */
    error?: string | { message: string; args?: Record<string, unknown> };
    inputRef?: Ref<HTMLInputElement>;
    disabled?: boolean;
    type?: string;
    autoComplete?: string;
    inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
}

/**
 * One field of the sign-in form, drawn as react-admin's TextInput draws it (filled, dense, required mark,
 * a line kept for the message) from MUI's input parts: react-admin's inputs would bring the form library
 * and every MUI input (selects, menus, popovers) into the sign-in page's script.
 */
export const LoginField = ({ name, label, value, onChange, error, inputRef, disabled, type = 'text', autoComplete, inputMode }: LoginFieldProps) => {
    const { translate } = useSignInTools();
    const id = `login-${name}`;
    const message = typeof error === 'string' ? translate(error, { _: error }) : error && translate(error.message, { _: error.message, ...error.args });
    return (
        <FormControl variant="filled" margin="dense" size="small" fullWidth required error={Boolean(error)} disabled={disabled}>
            <InputLabel htmlFor={id}>{translate(label)}</InputLabel>
            <FilledInput
                id={id}
                name={name}
                type={type}
                value={value}
                onChange={event => onChange(event.target.value)}
                inputRef={inputRef}
                autoComplete={autoComplete}
                autoFocus
                inputProps={{ inputMode, 'aria-describedby': `${id}-helper-text` }}
            />
            {/* A zero-width space keeps the line when there is no message, so the form does not jump. */}
            <FormHelperText id={`${id}-helper-text`}>{message ?? '\u200b'}</FormHelperText>
        </FormControl>
    );
};
