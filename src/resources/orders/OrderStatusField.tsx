import { Chip } from '@mui/material';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';

import { statusColor, type OrderStatus } from './orderStatuses';

/** An order's status as a coloured chip. */
export const OrderStatusField = ({ source = 'status', record }: Partial<FieldProps>) => {
    const translate = useTranslate();
    const status = useFieldValue({ source, record }) as OrderStatus | undefined;
    if (!status) return null;
    return <Chip size="small" color={statusColor[status] ?? 'default'} label={translate(`resources.orders.statuses.${status}`)} />;
};
