import type { ComponentType } from 'react';
import ContactSupportIcon from '@mui/icons-material/ContactSupport';
import MailIcon from '@mui/icons-material/Mail';
import PersonIcon from '@mui/icons-material/Person';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';

const Item = ({ to, label, icon: Icon }: { to: string; label: string; icon: ComponentType }) => {
    const translate = useTranslate();
    const menu = useUserMenu();
    return (
        <MenuItem component={Link} to={to} onClick={menu?.onClose}>
            <ListItemIcon>
                <Icon />
            </ListItemIcon>
            <ListItemText>{translate(label)}</ListItemText>
        </MenuItem>
    );
};

/** The profile menu's own pages: Profile and Contact Us, and for staff the contact messages inbox. */
export const UserMenuLinks = () => {
    const { identity } = useGetIdentity();
    const staff = identity?.roleId === 1 || identity?.roleId === 2;
    return (
        <>
            <Item to="/Profile" label="people.menu.profile" icon={PersonIcon} />
            <Item to="/ContactUs" label="people.menu.contact_us" icon={ContactSupportIcon} />
            {staff && <Item to="/contacts" label="people.menu.contact_messages" icon={MailIcon} />}
        </>
    );
};
