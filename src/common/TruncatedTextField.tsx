import { useState, type MouseEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';

/** Text without its markup, for a list cell: a rich-text body reads as its words. */
export const plainText = (value: unknown) =>
    String(value ?? '')
        .replace(/<[^>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();

/** The first `words` words, and whether anything was cut. */
export const firstWords = (text: string, words: number) => {
    const all = text.split(' ');
    return { text: all.slice(0, words).join(' '), cut: all.length > words };
};

/** Text cut at `words` words with a 'Read More' that opens the whole of it (banners cut at 30 words, as the legacy screen did). */
export const TruncatedTextField = ({ source, words = 30, record }: Partial<FieldProps> & { source: string; words?: number }) => {
    const translate = useTranslate();
    const value = plainText(useFieldValue({ source, record }));
    const [open, setOpen] = useState(false);
    const { text, cut } = firstWords(value, words);
    const show = (event: MouseEvent) => {
        // The cell sits in a clickable row.
        event.stopPropagation();
        setOpen(true);
    };
    return (
        <>
            <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {cut ? `${text}… ` : text}
            </Typography>
            {cut && (
                <Button size="small" onClick={show} sx={{ p: 0, minWidth: 0, textTransform: 'none', verticalAlign: 'baseline' }}>
                    {translate('app.list.read_more')}
                </Button>
            )}
            <Dialog open={open} onClose={() => setOpen(false)} onClick={event => event.stopPropagation()} maxWidth="sm" fullWidth>
                <DialogTitle>{translate('app.list.whole_text')}</DialogTitle>
                <DialogContent>
                    <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</Typography>
                </DialogContent>
                <DialogActions>
                    <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
                </DialogActions>
            </Dialog>
        </>
    );
};
