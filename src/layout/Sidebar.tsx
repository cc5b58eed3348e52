import { useEffect, useState } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Sidebar as RaSidebar, useSidebarState, type SidebarProps } from 'react-admin';

/**
 * react-admin's sidebar, kept in step with the window's width. Below `sm` it becomes a drawer over the page,
 * and the open state stored on a desktop would open that drawer the moment the window narrows (or the app
 * loads on a phone); opened and closed at once, MUI's modal left the page hidden from assistive technology.
 * So on a phone-wide window it is shown closed until the stored state has been closed too, and it opens
 * again when the window widens back to where the menu sits beside the page.
 */
export const Sidebar = (props: SidebarProps) => {
    const isXSmall = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'), { noSsr: true });
    const [open, setOpen] = useSidebarState();
    // The width the stored state was last brought in line with (null before the first check).
    const [alignedTo, setAlignedTo] = useState<boolean | null>(null);

    useEffect(() => {
        if (alignedTo === isXSmall) return;
        if (isXSmall) setOpen(false);
        else if (alignedTo === true) setOpen(true);
        setAlignedTo(isXSmall);
    }, [alignedTo, isXSmall, setOpen]);

    return <RaSidebar {...props} open={alignedTo === isXSmall || !isXSmall ? open : false} />;
};
