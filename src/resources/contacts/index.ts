import MailIcon from '@mui/icons-material/Mail';

import { ContactList } from './ContactList';

export default {
    list: ContactList,
    icon: MailIcon,
    recordRepresentation: 'name',
};
