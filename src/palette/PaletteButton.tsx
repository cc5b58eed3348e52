import { Suspense, useCallback, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';

import { lazyView } from '../common/lazyView';
import { usePaletteKeys } from './usePaletteKeys';

// A chunk of its own: the first load carries only this button and the key listener.
const CommandPalette = lazyView(() => import('./CommandPalette').then(module => module.CommandPalette));

/** The app bar's search button, and Ctrl/Cmd+K and "/" on every signed-in screen: the command palette. */
export const PaletteButton = () => {
    const translate = useTranslate();
    const [open, setOpen] = useState(false);
    const show = useCallback(() => setOpen(true), []);
    usePaletteKeys(show);
    return (
        <>
            <Tooltip title={translate('palette.open')}>
                <IconButton
                    color="inherit"
                    onClick={show}
                    onPointerEnter={CommandPalette.preload}
                    aria-label={translate('palette.open')}
                    aria-keyshortcuts="Control+K Meta+K"
                    aria-haspopup="dialog"
                >
                    <SearchIcon />
                </IconButton>
            </Tooltip>
            {open && (
                <Suspense fallback={null}>
                    <CommandPalette onClose={() => setOpen(false)} />
                </Suspense>
            )}
        </>
    );
};
