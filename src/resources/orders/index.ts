import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';

import { OrderCreate } from './OrderCreate';
import { OrderList } from './OrderList';
import { OrderShow } from './OrderShow';

export default {
    list: OrderList,
    show: OrderShow,
    create: OrderCreate,
    icon: ReceiptLongIcon,
    recordRepresentation: (order: { id: number }) => `#${order.id}`,
};
