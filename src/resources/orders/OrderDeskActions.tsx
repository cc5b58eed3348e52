import { Box } from '@mui/material';

import { OrderEditLines } from './OrderEditLines';
import { OrderRefundPart } from './OrderRefundPart';

/** The order desk's buttons on an order's page: change its lines before packing, refund part of it once paid. */
export const OrderDeskActions = () => (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', mb: 1 }}>
        <OrderEditLines />
        <OrderRefundPart />
    </Box>
);
