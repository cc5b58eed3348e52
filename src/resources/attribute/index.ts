import LabelIcon from '@mui/icons-material/Label';

import type { Attribute } from '../../types';
import { AttributeCreate } from './AttributeCreate';
import { AttributeEdit } from './AttributeEdit';
import { AttributeList } from './AttributeList';

export default {
    list: AttributeList,
    create: AttributeCreate,
    edit: AttributeEdit,
    icon: LabelIcon,
    recordRepresentation: (attribute: Attribute) => `${attribute.name}: ${attribute.value}`,
};
