import { useState, type MouseEvent } from 'react';
import { Typography } from '@mui/material';
import { useFieldValue, type FieldProps } from 'react-admin';

/**
 * A long text cut to two lines so that rows stay short; the whole text shows on hover (title) and
 * a click (or Enter) unfolds it in place, which works on touch screens too.
 */
export const LongTextField = ({ source = 'description', record, lines = 2 }: Partial<FieldProps> & { lines?: number }) => {
    const value = useFieldValue({ source, record });
    const [open, setOpen] = useState(false);
    if (value == null || value === '') return null;
    const toggle = (event: MouseEvent | { stopPropagation: () => void }) => {
        // The text sits in a row that opens the edit view.
        event.stopPropagation();
        setOpen(isOpen => !isOpen);
    };
    return (
        <Typography
            component="span"
            variant="body2"
            title={String(value)}
            role="button"
            tabIndex={0}
            aria-expanded={open}
            onClick={toggle}
            onKeyDown={event => {
                if (event.key === 'Enter' || event.key === ' ') toggle(event);
            }}
            sx={{
                display: '-webkit-box',
                WebkitBoxOrient: 'vertical',
                WebkitLineClamp: open ? 'unset' : lines,
                overflow: 'hidden',
                overflowWrap: 'anywhere',
                cursor: 'pointer',
                whiteSpace: 'pre-line',
            }}
        >
            {String(value)}
        </Typography>
    );
};
