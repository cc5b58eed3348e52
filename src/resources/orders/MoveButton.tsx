import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';

import type { OrderStatus } from './orderStatuses';

/** "Move to …" one next status; cancel and refund look like what they are (red, outlined). */
export const MoveButton = ({ status, disabled, describedBy, onClick }: { status: OrderStatus; disabled: boolean; describedBy?: string; onClick: () => void }) => {
    const translate = useTranslate();
    const stops = status === 'cancelled' || status === 'refunded';
    return (
        <Button variant={stops ? 'outlined' : 'contained'} color={stops ? 'error' : 'primary'} disabled={disabled} aria-describedby={describedBy} onClick={onClick}>
            {translate('resources.orders.show.move_to', {
                status: translate(`resources.orders.statuses.${status}`),
            })}
        </Button>
    );
};
