import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Dialog, IconButton, InputBase, LinearProgress, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useCreatePath, useResourceDefinitions, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

import { paletteGroups, type PaletteOption } from './paletteOptions';
import { optionId, PaletteResults } from './PaletteResults';
import { MAX_QUERY, MIN_QUERY } from './searchShop';
import { usePaletteSearch } from './usePaletteSearch';
import { useScreens } from './useScreens';

/**
 * Find anything in the shop and open it: a combobox whose listbox holds screens and the records GET /search
 * finds, grouped by kind. Arrows move, Enter opens, Escape closes; full screen on a phone.
 */
export const CommandPalette = ({ onClose }: { onClose: () => void }) => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const createPath = useCreatePath();
    const definitions = useResourceDefinitions();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'), { noSsr: true });
    const id = useId();
    const [query, setQuery] = useState('');
    const [activeKey, setActiveKey] = useState<string>();

    const search = usePaletteSearch(query);
    const screens = useScreens(query);
    const groups = useMemo(() => paletteGroups(screens, search.found), [screens, search.found]);
    const options = groups.flatMap(group => group.options);
    const active = options.find(option => option.key === activeKey) ?? options[0];

    const open = (option: PaletteOption) => {
        const hasShow = definitions[option.resource]?.hasShow;
        const path =
            option.id === undefined
                ? createPath({ resource: option.resource, type: 'list' })
                : createPath({ resource: option.resource, type: hasShow ? 'show' : 'edit', id: option.id });
        onClose();
        navigate(path);
    };

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
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <SearchIcon color="action" aria-hidden />
                <InputBase
                    autoFocus
                    inputRef={inputRef}
                    fullWidth
                    value={query}
                    onChange={event => setQuery(event.target.value)}
                    onKeyDown={onKeyDown}
                    placeholder={translate('palette.placeholder')}
                    inputProps={{
                        role: 'combobox',
                        'aria-label': translate('palette.title'),
                        'aria-expanded': options.length > 0,
                        'aria-controls': listId,
                        'aria-autocomplete': 'list',
                        'aria-activedescendant': active ? optionId(listId, active) : undefined,
                        'aria-describedby': `${id}-status`,
                        maxLength: MAX_QUERY,
                        autoComplete: 'off',
                        spellCheck: false,
                        enterKeyHint: 'go',
                    }}
                    sx={{ fontSize: '1.1rem', minHeight: 44 }}
                />
                <IconButton onClick={onClose} aria-label={translate('palette.close')} edge="end">
                    <CloseIcon />
                </IconButton>
            </Box>
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
