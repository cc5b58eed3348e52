import LocalShippingIcon from '@mui/icons-material/LocalShipping';

import { PincodeCreate } from './PincodeCreate';
import { PincodeEdit } from './PincodeEdit';
import { PincodeList } from './PincodeList';

export default {
    list: PincodeList,
    create: PincodeCreate,
    edit: PincodeEdit,
    icon: LocalShippingIcon,
    recordRepresentation: 'pincode',
};
