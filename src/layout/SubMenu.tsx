import { useState, type ComponentType, type ReactNode } from 'react';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemIcon, ListItemText, MenuItem, Tooltip } from '@mui/material';
import { useSidebarState, useTranslate } from 'react-admin';

interface SubMenuProps {
    label: string;
    icon: ComponentType;
    children: ReactNode;
}

/** A collapsible group of menu items, open by default. */
export const SubMenu = ({ label, icon: Icon, children }: SubMenuProps) => {
    const translate = useTranslate();
    const [sidebarIsOpen] = useSidebarState();
    const [isOpen, setIsOpen] = useState(true);
    const title = translate(label);

    return (
        <>
            <Tooltip title={sidebarIsOpen ? '' : title} placement="right">
                <MenuItem onClick={() => setIsOpen(open => !open)} aria-expanded={isOpen}>
                    <ListItemIcon>
                        <Icon />
                    </ListItemIcon>
                    <ListItemText primary={title} />
                    {sidebarIsOpen && (isOpen ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />)}
                </MenuItem>
            </Tooltip>
            <Collapse in={isOpen} timeout="auto" unmountOnExit>
                <List
                    component="div"
                    disablePadding
                    sx={{
                        '& .MuiMenuItem-root': {
                            transition: 'padding-left 195ms cubic-bezier(0.4, 0, 0.6, 1) 0ms',
                            paddingLeft: theme => (sidebarIsOpen ? theme.spacing(4) : theme.spacing(2)),
                        },
                    }}
                >
                    {children}
                </List>
            </Collapse>
        </>
    );
};
