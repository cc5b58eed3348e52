import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Dialog, LinearProgress, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';

import { paletteGroups } from './paletteOptions';
import { PaletteInput } from './PaletteInput';
import { optionId, PaletteResults } from './PaletteResults';
import { MIN_QUERY } from './searchShop';
import { useOpenOption } from './useOpenOption';
import { usePaletteSearch } from './usePaletteSearch';
import { useScreens } from './useScreens';

/**
 * Find anything in the shop and open it: a combobox whose listbox holds screens and the records GET /search
 * finds, grouped by kind. Arrows move, Enter opens, Escape closes; full screen on a phone.
 */
export const CommandPalette = ({ onClose }: { onClose: () => void }) => {
    const translate = useTranslate();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'), { noSsr: true });
    const id = useId();
    const [query, setQuery] = useState('');
    const [activeKey, setActiveKey] = useState<string>();

    const search = usePaletteSearch(query);
    const screens = useScreens(query);
    const groups = useMemo(() => paletteGroups(screens, search.found), [screens, search.found]);
    const options = groups.flatMap(group => group.options);
    const active = options.find(option => option.key === activeKey) ?? options[0];

    const open = useOpenOption(onClose);

    const onKeyDown = (event: KeyboardEvent) => {
        if (!options.length || !active) return;
        const at = options.indexOf(active);
        const move = (to: number) => {
            event.preventDefault();
            setActiveKey(options[(to + options.length) % options.length].key);
        };
        if (event.key === 'ArrowDown') move(at + 1);
        else if (event.key === 'ArrowUp') move(at - 1);
        else if (event.key === 'Home' && event.ctrlKey) move(0);
        else if (event.key === 'End' && event.ctrlKey) move(options.length - 1);
        else if (event.key === 'Enter') {
            event.preventDefault();
            open(active);
        }
    };

    const short = [...query.trim()].length < MIN_QUERY;
    const status = search.error
        ? translate('palette.failed', { reason: search.error })
        : short && !options.length
          ? translate('palette.hint')
          : search.loading
            ? translate('palette.searching')
            : options.length
              ? translate('palette.found', { smart_count: options.length })
              : translate('palette.none', { query: query.trim() });
    const inputRef = useRef<HTMLInputElement>(null);
    const listId = `${id}-list`;
    const titleId = `${id}-title`;

    return (
        <Dialog
            open
            onClose={onClose}
            fullScreen={phone}
            fullWidth
            maxWidth="sm"
            aria-labelledby={titleId}
            sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
            slotProps={{
                paper: { sx: { mt: { sm: 8 }, maxHeight: { sm: 'calc(100% - 128px)' } } },
                // The dialog's focus trap can move the focus to its own container after the input took it (seen on
                // a loaded machine): once the dialog has opened, the input takes it back.
                transition: { onEntered: () => inputRef.current?.focus() },
            }}
        >
            <Typography id={titleId} component="h2" sx={visuallyHidden}>
                {translate('palette.title')}
            </Typography>
            <PaletteInput
                inputRef={inputRef}
                query={query}
                onQuery={setQuery}
                onKeyDown={onKeyDown}
                listId={listId}
                activeId={active ? optionId(listId, active) : undefined}
                statusId={`${id}-status`}
                expanded={options.length > 0}
                onClose={onClose}
            />
            <LinearProgress sx={{ visibility: search.loading ? 'visible' : 'hidden', height: 2 }} aria-hidden />
            <Typography id={`${id}-status`} role="status" variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
                {status}
            </Typography>
            <PaletteResults id={listId} label={translate('palette.title')} groups={groups} active={active} onPick={open} onHover={option => setActiveKey(option.key)} />
            <Box sx={{ pb: 1 }} />
        </Dialog>
    );
};

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
