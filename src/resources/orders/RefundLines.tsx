import type { Dispatch, SetStateAction } from 'react';
import { Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import type { OrderLine } from '../../../schema/orderLine';

/** The order's lines, numbered as on the invoice, each with how many of it to refund (0 up to what was bought). */
export const RefundLines = ({ lines, quantities, onChange }: { lines: OrderLine[]; quantities: number[]; onChange: Dispatch<SetStateAction<number[]>> }) => {
    const translate = useTranslate();
    return (
        <>
            {lines.map((line, i) => (
                <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography sx={{ flex: 1 }}>
                        {i + 1}. {line.quantity} × {line.name}
                    </Typography>
                    <TextField
                        type="number"
                        size="small"
                        value={quantities[i] ?? 0}
                        onChange={event => onChange(now => now.map((q, j) => (j === i ? Math.max(0, Math.min(line.quantity, Math.floor(Number(event.target.value) || 0))) : q)))}
                        slotProps={{ htmlInput: { min: 0, max: line.quantity, 'aria-label': translate('app.order_desk.refund_quantity', { name: line.name }) } }}
                        sx={{ width: 84 }}
                    />
                </Stack>
            ))}
        </>
    );
};
