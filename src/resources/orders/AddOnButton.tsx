import { Button } from '@mui/material';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

import { addOnStart } from './addOnOrder';
import type { Order } from './orderStatuses';

/** A paid order's invoice cannot grow: this opens the order desk for a new order to the same customer and address. */
export const AddOnButton = ({ order, disabled }: { order: Order; disabled: boolean }) => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const start = () => navigate('/orders/create', { state: { addOn: addOnStart(order, translate('app.order_desk.add_on_note', { id: order.id })) } });
    return (
        <Button startIcon={<AddShoppingCartIcon />} onClick={start} disabled={disabled} sx={{ mr: 'auto' }}>
            {translate('app.order_desk.add_on')}
        </Button>
    );
};
