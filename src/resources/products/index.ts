import InventoryIcon from '@mui/icons-material/Inventory2';

import { ProductCreate } from './ProductCreate';
import { ProductEdit } from './ProductEdit';
import { ProductList } from './ProductList';

export default {
    list: ProductList,
    create: ProductCreate,
    edit: ProductEdit,
    icon: InventoryIcon,
    recordRepresentation: 'name',
};
