import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

import { formatRupees } from '../../common/MoneyField';
import type { Order } from './orderStatuses';
import { useQuantityText } from '../../common/Quantity';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The lines as sold, and the totals: items (GST included) of which GST, discount, delivery, total. */
export const OrderLines = () => {
    const order = useRecordContext<Order>();
    const translate = useTranslate();
    const quantityText = useQuantityText();
    // A phone shows product, quantity and amount; the unit price and GST columns need a wider screen.
    const wide = !useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    if (!order?.lines) return null;
    const t = (key: string, options?: object) => translate(`resources.orders.show.${key}`, options);
    const totals: [string, number, boolean?][] = [
        [t('subtotal'), order.subtotal ?? 0],
        [t('tax_included'), order.taxTotal ?? 0],
        ...(order.discount ? [[order.couponCode ? `${t('discount')} (${t('coupon', { code: order.couponCode })})` : t('discount'), -order.discount] as [string, number]] : []),
        [t('delivery_charge'), order.deliveryCharge ?? 0],
        [t('total'), order.totalPrice, true],
    ];
    return (
        <TableContainer>
            <Table size="small" aria-label={t('lines')}>
                <TableHead>
                    <TableRow>
                        <TableCell>{t('product')}</TableCell>
                        {wide && <TableCell align="right">{t('unit_price')}</TableCell>}
                        <TableCell align="right">{t('quantity')}</TableCell>
                        {wide && <TableCell align="right">{t('gst')}</TableCell>}
                        {wide && <TableCell align="right">{t('tax')}</TableCell>}
                        <TableCell align="right">{t('line_total')}</TableCell>
                    </TableRow>
                </TableHead>
                <TableBody>
                    {order.lines.map(line => (
                        <TableRow key={`${line.productId}-${line.name}`}>
                            <TableCell>{line.name}</TableCell>
                            {wide && <TableCell align="right" sx={money}>{formatRupees(line.unitPrice)}</TableCell>}
                            <TableCell align="right" sx={money}>{quantityText(line.quantity, line.unit)}</TableCell>
                            {wide && <TableCell align="right">{`${line.gstPercent}%`}</TableCell>}
                            {wide && <TableCell align="right" sx={money}>{formatRupees(line.tax)}</TableCell>}
                            <TableCell align="right" sx={money}>{formatRupees(line.lineTotal)}</TableCell>
                        </TableRow>
                    ))}
                </TableBody>
                <TableFooter>
                    {totals.map(([label, amount, strong]) => (
                        <TableRow key={label}>
                            <TableCell colSpan={wide ? 5 : 2} align="right" sx={{ borderBottom: 'none', color: 'text.primary', fontWeight: strong ? 700 : 400 }}>
                                {label}
                            </TableCell>
                            <TableCell align="right" sx={{ ...money, borderBottom: 'none', color: 'text.primary', fontWeight: strong ? 700 : 400 }}>
                                {amount < 0 ? `− ${formatRupees(-amount)}` : formatRupees(amount)}
                            </TableCell>
                        </TableRow>
                    ))}
                </TableFooter>
            </Table>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                {t('prices_note')}
            </Typography>
        </TableContainer>
    );
};
