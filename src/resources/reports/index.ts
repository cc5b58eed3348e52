import AssessmentIcon from '@mui/icons-material/Assessment';

import { ReportsScreen } from './ReportsScreen';

// A screen of downloads, not a list of records: its `list` view is the screen and asks the data provider nothing.
export default {
    list: ReportsScreen,
    icon: AssessmentIcon,
};
