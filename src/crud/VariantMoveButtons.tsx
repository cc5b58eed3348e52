import { IconButton, Stack } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import type { MouseEvent } from 'react';
import { useRecordContext, useTranslate, type Identifier } from 'react-admin';

/**
 * A variant's row's "Move up" and "Move down": buttons, so a keyboard and a screen reader move it as a mouse does.
 * The product's own row has none (it stays first). `move` puts the variant `by` places up (-1) or down (+1).
 */
export const VariantMoveButtons = ({ ids, option, move }: { ids: Identifier[]; option: string; move(id: Identifier, by: -1 | 1): void }) => {
    const record = useRecordContext();
    const translate = useTranslate();
    const at = record ? ids.indexOf(record.id) : -1;
    if (at < 0) return null;
    const name = String(record?.[option] ?? '');
    // The row opens the variant's form on a click: a click on its buttons stays theirs.
    const onClick = (by: -1 | 1) => (event: MouseEvent) => {
        event.stopPropagation();
        move(record!.id, by);
    };
    return (
        <Stack direction="row" spacing={0.5}>
            <IconButton size="small" disabled={at === 0} aria-label={translate('app.variants.move_up', { name })} onClick={onClick(-1)}>
                <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" disabled={at === ids.length - 1} aria-label={translate('app.variants.move_down', { name })} onClick={onClick(1)}>
                <ArrowDownwardIcon fontSize="small" />
            </IconButton>
        </Stack>
    );
};
