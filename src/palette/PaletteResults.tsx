import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import type { PaletteGroup, PaletteOption } from './paletteOptions';

/** The server's detail in the reader's language where it is a word of ours: an order's status, an inactive product. */
const detailText = (option: PaletteOption, translate: ReturnType<typeof useTranslate>) => {
    if (option.detail === 'inactive') return translate('palette.inactive');
    if (option.kind === 'orders') return translate(`resources.orders.statuses.${option.detail}`, { _: option.detail });
    if (option.kind === 'users' && option.detail) {
        // "e-mail · Role" for an administrator, "Role" for a seller: the role is said in the reader's language.
        const parts = option.detail.split(' · ');
        const role = parts.pop()!;
        return [...parts, translate(`palette.roles.${role}`, { _: role })].join(' · ');
    }
    return option.detail;
};

export const optionId = (listId: string, option: PaletteOption) => `${listId}-${option.key}`;

interface Props {
    id: string;
    label: string;
    groups: PaletteGroup[];
    active?: PaletteOption;
    onPick: (option: PaletteOption) => void;
    onHover: (option: PaletteOption) => void;
}

/**
 * The listbox the palette's combobox controls: a group per kind, named by its heading. Focus stays in the
 * input (aria-activedescendant names the active option), so options are not focusable themselves.
 */
export const PaletteResults = ({ id, label, groups, active, onPick, onHover }: Props) => {
    const translate = useTranslate();
    return (
        <Box component="ul" role="listbox" id={id} aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, overflowY: 'auto' }}>
            {groups.map(group => (
                <Box component="li" role="presentation" key={group.kind}>
                    <Typography
                        id={`${id}-${group.kind}`}
                        component="div"
                        variant="overline"
                        color="text.secondary"
                        sx={{ display: 'block', px: 2, pt: 1, lineHeight: 2 }}
                    >
                        {translate(`palette.kinds.${group.kind}`)}
                    </Typography>
                    <Box component="ul" role="group" aria-labelledby={`${id}-${group.kind}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                        {group.options.map(option => {
                            const selected = option.key === active?.key;
                            return (
                                <Box
                                    component="li"
                                    role="option"
                                    id={optionId(id, option)}
                                    key={option.key}
                                    aria-selected={selected}
                                    onClick={() => onPick(option)}
                                    onMouseMove={() => !selected && onHover(option)}
                                    sx={{
                                        px: 2,
                                        py: 1,
                                        minHeight: 44,
                                        cursor: 'pointer',
                                        display: 'flex',
                                        alignItems: 'baseline',
                                        gap: 1,
                                        bgcolor: selected ? 'action.selected' : undefined,
                                        borderLeft: 3,
                                        borderColor: selected ? 'primary.main' : 'transparent',
                                    }}
                                >
                                    <Typography component="span" noWrap sx={{ flexShrink: 1, minWidth: 0 }}>
                                        {option.label}
                                    </Typography>
                                    {option.detail && (
                                        <Typography component="span" variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
                                            {detailText(option, translate)}
                                        </Typography>
                                    )}
                                </Box>
                            );
                        })}
                    </Box>
                </Box>
            ))}
        </Box>
    );
};
