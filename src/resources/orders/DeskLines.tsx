import { Box, IconButton, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';

import type { Quote } from '../../dataProvider/deskMethods';

export interface DeskLine {
    productId: number;
    name: string;
    quantity: number;
    /** Stock as last looked up, when the quote has not answered yet. */
    stock?: number | null;
}

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The order's lines being taken or changed: each with its quantity, its price as charged and the stock left. */
export const DeskLines = ({ lines, quote, onChange, maxOf }: { lines: DeskLine[]; quote?: Quote | null; onChange: (lines: DeskLine[]) => void; maxOf?: (line: DeskLine) => number | undefined }) => {
    const translate = useTranslate();
    const t = (key: string, options?: object) => translate(`app.order_desk.${key}`, options);
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
                                {priced?.short ?? (stock === null || stock === undefined ? t('untracked') : t('stock', { stock }))}
                                {priced ? ` · ${rupees(priced.unitPrice)}` : ''}
                            </Typography>
                        </Box>
                        <TextField
                            type="number"
                            size="small"
                            value={line.quantity}
                            onChange={event => set(index, Math.max(0, Math.min(100, Math.floor(Number(event.target.value) || 0))))}
                            slotProps={{ htmlInput: { min: 0, max: maxOf?.(line) ?? 100, 'aria-label': t('quantity', { name: line.name }) } }}
                            sx={{ flex: '0 0 84px' }}
                        />
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
