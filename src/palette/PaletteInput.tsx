import type { KeyboardEvent, RefObject } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { Box, IconButton, InputBase } from '@mui/material';
import { useTranslate } from 'react-admin';

import { MAX_QUERY } from './searchShop';

export interface PaletteInputProps {
    inputRef: RefObject<HTMLInputElement | null>;
    query: string;
    onQuery: (query: string) => void;
    onKeyDown: (event: KeyboardEvent) => void;
    /** The listbox the combobox controls, its active option's element id, and the status line that describes it. */
    listId: string;
    activeId?: string;
    statusId: string;
    expanded: boolean;
    onClose: () => void;
}

/** The palette's search box: a combobox over the results' listbox, with the close button beside it. */
export const PaletteInput = ({ inputRef, query, onQuery, onKeyDown, listId, activeId, statusId, expanded, onClose }: PaletteInputProps) => {
    const translate = useTranslate();
    return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <SearchIcon color="action" aria-hidden />
            <InputBase
                autoFocus
                inputRef={inputRef}
                fullWidth
                value={query}
                onChange={event => onQuery(event.target.value)}
                onKeyDown={onKeyDown}
                placeholder={translate('palette.placeholder')}
                inputProps={{
                    role: 'combobox',
                    'aria-label': translate('palette.title'),
                    'aria-expanded': expanded,
                    'aria-controls': listId,
                    'aria-autocomplete': 'list',
                    'aria-activedescendant': activeId,
                    'aria-describedby': statusId,
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
    );
};
