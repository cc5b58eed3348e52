import { Box, IconButton, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';

import type { DeskProduct, Quote } from '../../dataProvider/deskMethods';
import { QuantityBox, useQuantityText } from '../../common/Quantity';
import { isLoose, type Unit } from '../../../schema/measure';

export interface DeskLine {
    productId: number;
    name: string;
    /** In the product's unit: pieces, or kg or litres of loose goods (0.75). */
    quantity: number;
    unit?: Unit;
    /** Loose goods: what one more adds, and the least the line may hold. */
    step?: number | null;
    minimum?: number | null;
    /** Stock as last looked up, when the quote has not answered yet. */
    stock?: number | null;
}

/** A new line of a product, or one more of it: a piece, or a loose product's step (its minimum to start). */
export function withOneMore(lines: DeskLine[], product: DeskProduct): DeskLine[] {
    const loose = isLoose(product.unit);
    const step = loose ? (product.step ?? 0.001) : 1;
    if (!lines.some(line => line.productId === product.id)) {
        const first = loose ? Math.max(product.minimum ?? step, step) : 1;
        return [...lines, { productId: product.id, name: product.name, quantity: first, unit: product.unit, step: product.step, minimum: product.minimum, stock: product.stock }];
    }
    // Thousandths, so 0.1 + 0.2 stays 0.3.
    return lines.map(line => (line.productId === product.id ? { ...line, quantity: Math.min(100, Math.round((line.quantity + step) * 1000) / 1000) } : line));
}

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The order's lines being taken or changed: each with its quantity, its price as charged and the stock left. */
export const DeskLines = ({ lines, quote, onChange, maxOf }: { lines: DeskLine[]; quote?: Quote | null; onChange: (lines: DeskLine[]) => void; maxOf?: (line: DeskLine) => number | undefined }) => {
    const translate = useTranslate();
    const t = (key: string, options?: object) => translate(`app.order_desk.${key}`, options);
    const quantityText = useQuantityText();
    const set = (index: number, quantity: number) => onChange(lines.map((line, i) => (i === index ? { ...line, quantity } : line)));
    return (
        <Stack spacing={1} role="list" aria-label={t('items')}>
            {lines.map((line, index) => {
                const priced = quote?.lines.find(one => one.productId === line.productId);
                const stock = priced ? priced.stock : line.stock;
                return (
                    <Box key={line.productId} role="listitem" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', pb: 1 }}>
                        <Box sx={{ flex: { xs: '1 1 100%', sm: '1 1 160px' }, minWidth: 0 }}>
                            <Typography>{line.name}</Typography>
                            <Typography variant="body2" color={priced?.short ? 'error' : 'text.secondary'}>
                                {priced?.short ?? (stock === null || stock === undefined ? t('untracked') : t('stock', { stock: quantityText(stock, line.unit) }))}
                                {priced ? ` · ${rupees(priced.unitPrice)}${isLoose(line.unit) ? ` / ${translate(`app.units.${line.unit}`)}` : ''}` : ''}
                            </Typography>
                        </Box>
                        <QuantityBox value={line.quantity} unit={line.unit} step={line.step} max={maxOf?.(line) ?? 100} label={t('quantity', { name: line.name })} onChange={quantity => set(index, quantity)} />
                        <Typography sx={{ flex: { xs: 1, sm: '0 0 96px' }, textAlign: 'right' }}>{priced ? rupees(priced.lineTotal) : ''}</Typography>
                        <IconButton aria-label={t('remove', { name: line.name })} onClick={() => onChange(lines.filter((_, i) => i !== index))}>
                            <DeleteIcon />
                        </IconButton>
                    </Box>
                );
            })}
        </Stack>
    );
};
