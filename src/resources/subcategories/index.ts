import AccountTreeIcon from '@mui/icons-material/AccountTree';

import { SubcategoryCreate } from './SubcategoryCreate';
import { SubcategoryEdit } from './SubcategoryEdit';
import { SubcategoryList } from './SubcategoryList';

export default {
    list: SubcategoryList,
    create: SubcategoryCreate,
    edit: SubcategoryEdit,
    icon: AccountTreeIcon,
    recordRepresentation: 'name',
};
