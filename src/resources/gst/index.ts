import PercentIcon from '@mui/icons-material/Percent';

import { formatPercent } from '../../common/PercentField';
import type { Gst } from '../../types';
import { GstCreate } from './GstCreate';
import { GstEdit } from './GstEdit';
import { GstList } from './GstList';

export default {
    list: GstList,
    create: GstCreate,
    edit: GstEdit,
    icon: PercentIcon,
    recordRepresentation: (gst: Gst) => `${gst.type} ${formatPercent(gst.percent)}`,
};
