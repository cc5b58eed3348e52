import type { Dispatch, SetStateAction } from 'react';
import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import type { OrderLine } from '../../../schema/orderLine';
import { QuantityBox, useQuantityText } from '../../common/Quantity';

/** The order's lines, numbered as on the invoice, each with how much of it to refund (0 up to what was bought, in its unit). */
export const RefundLines = ({ lines, quantities, onChange }: { lines: OrderLine[]; quantities: number[]; onChange: Dispatch<SetStateAction<number[]>> }) => {
    const translate = useTranslate();
    const quantityText = useQuantityText();
    return (
        <>
            {lines.map((line, i) => (
                <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography sx={{ flex: 1 }}>
                        {i + 1}. {quantityText(line.quantity, line.unit)} × {line.name}
                    </Typography>
                    <QuantityBox
                        value={quantities[i] ?? 0}
                        unit={line.unit}
                        max={line.quantity}
                        label={translate('app.order_desk.refund_quantity', { name: line.name })}
                        onChange={quantity => onChange(now => now.map((q, j) => (j === i ? quantity : q)))}
                    />
                </Stack>
            ))}
        </>
    );
};
