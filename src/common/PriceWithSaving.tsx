import { Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';

import { formatRupees } from './MoneyField';
import { savingOf } from './saving';

/** A saving below the price (or as the form's hint): "Save ₹12 (8%)", in the theme's success colour. */
export const SavingText = ({ price, ceiling }: { price: unknown; ceiling: unknown }) => {
    const translate = useTranslate();
    const saving = savingOf(price, ceiling);
    if (!saving) return null;
    return (
        <Typography component="span" variant="caption" color="success.main" sx={{ whiteSpace: 'nowrap' }} data-testid="saving">
            {translate('app.list.saving', saving)}
        </Typography>
    );
};

/**
 * A price that may not be above another amount of its row (a product's MRP): the price, the MRP when there is one,
 * and what a customer saves.
 */
export const PriceWithSaving = ({ source = 'price', ceiling }: Partial<FieldProps> & { ceiling: string }) => {
    const record = useRecordContext();
    const translate = useTranslate();
    const value = record?.[source];
    if (value == null || value === '') return null;
    const top = record?.[ceiling];
    return (
        <Stack component="span" alignItems="flex-end">
            <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatRupees(Number(value))}
            </Typography>
            {top != null && top !== '' && (
                <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {translate('app.list.mrp', { amount: formatRupees(Number(top)) })}
                </Typography>
            )}
            <SavingText price={value} ceiling={top} />
        </Stack>
    );
};
