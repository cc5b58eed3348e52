import { useState, type FormEvent } from 'react';
import { Box, Button, InputAdornment, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

import { wholeRupees } from './paymentApi';

export const DEFAULT_AMOUNT = 100;

/** An amount in whole rupees (default 100, as the legacy form had it) and the button that starts paying it. */
export const AmountForm = ({ submitLabel, pending, onSubmit }: { submitLabel: string; pending: boolean; onSubmit: (amount: number) => void }) => {
    const translate = useTranslate();
    const [text, setText] = useState(String(DEFAULT_AMOUNT));
    const [error, setError] = useState<string>();

    const submit = (event: FormEvent) => {
        event.preventDefault();
        const amount = wholeRupees(text);
        if (amount === undefined) return setError(translate('payments.invalid_amount'));
        setError(undefined);
        onSubmit(amount);
    };

    return (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextField
                label={translate('payments.amount')}
                value={text}
                onChange={event => setText(event.target.value)}
                error={!!error}
                helperText={error}
                slotProps={{ htmlInput: { inputMode: 'numeric', min: 1, step: 1 }, input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } }}
                required
            />
            <Button type="submit" variant="contained" disabled={pending}>
                {translate(submitLabel)}
            </Button>
        </Box>
    );
};
