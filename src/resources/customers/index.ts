import StorefrontIcon from '@mui/icons-material/Storefront';

import { CustomerList } from './CustomerList';
import { CustomerShow } from './CustomerShow';

export default {
    list: CustomerList,
    show: CustomerShow,
    icon: StorefrontIcon,
    recordRepresentation: 'name',
};
