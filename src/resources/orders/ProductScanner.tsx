import { useState } from 'react';
import { Box, Button, List, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';

import type { DeskDataProvider, DeskProduct } from '../../dataProvider/deskMethods';
import { serverMessage } from '../../common/serverMessage';

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * A product by name, SKU or barcode: a barcode scanner types the code and Enter, and an exact code (or a single
 * match) is added at once; several matches are listed to pick from.
 */
export const ProductScanner = ({ onAdd }: { onAdd: (product: DeskProduct) => void }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const dataProvider = useDataProvider<DeskDataProvider>();
    const [q, setQ] = useState('');
    const [found, setFound] = useState<DeskProduct[] | null>(null);
    const t = (key: string, options?: object) => translate(`app.order_desk.${key}`, options);

    const add = (product: DeskProduct) => {
        onAdd(product);
        setQ('');
        setFound(null);
    };
    const look = async () => {
        const text = q.trim();
        if (!text) return;
        try {
            const products = await dataProvider.searchProducts(text);
            const exact = products.find(p => p.barcode === text || p.sku === text);
            if (exact || products.length === 1) add(exact ?? products[0]);
            else setFound(products);
        } catch (error) {
            notify(serverMessage(error) ?? 'ra.notification.http_error', { type: 'error' });
        }
    };

    return (
        <Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <TextField
                    label={t('scan')}
                    value={q}
                    onChange={event => setQ(event.target.value)}
                    onKeyDown={event => {
                        if (event.key === 'Enter') {
                            event.preventDefault();
                            void look();
                        }
                    }}
                    size="small"
                    fullWidth
                    slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'product-scan' } }}
                />
                <Button variant="outlined" onClick={() => void look()} disabled={!q.trim()}>
                    {t('add')}
                </Button>
            </Box>
            {found && found.length === 0 && (
                <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1 }}>
                    {t('not_found', { q: q.trim() })}
                </Typography>
            )}
            {found && found.length > 0 && (
                <List dense aria-label={t('items')}>
                    {found.map(product => (
                        <ListItemButton key={product.id} onClick={() => add(product)}>
                            <ListItemText
                                primary={product.name}
                                secondary={`${rupees(product.price)} · ${product.stock === null ? t('untracked') : t('stock', { stock: product.stock })}${product.sku ? ` · ${product.sku}` : ''}`}
                            />
                        </ListItemButton>
                    ))}
                </List>
            )}
        </Box>
    );
};
