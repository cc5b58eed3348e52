import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useFieldValue, useNotify, useTranslate, type FieldProps } from 'react-admin';

/** A value staff paste elsewhere (a coupon code), with a button that copies it in one click. */
export const CopyableTextField = ({ source, record }: Partial<FieldProps> & { source: string }) => {
    const value = useFieldValue({ source, record });
    const notify = useNotify();
    const translate = useTranslate();
    if (value == null || value === '') return null;
    const copy = async (event: React.MouseEvent) => {
        event.stopPropagation();
        try {
            await navigator.clipboard.writeText(String(value));
            notify('app.list.copied', { type: 'info', messageArgs: { value } });
        } catch {
            notify('app.list.copy_failed', { type: 'warning' });
        }
    };
    return (
        <Stack direction="row" alignItems="center" spacing={0.5}>
            <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                {String(value)}
            </Typography>
            <Tooltip title={translate('app.list.copy')}>
                <IconButton size="small" onClick={copy} aria-label={translate('app.list.copy_value', { value })}>
                    <ContentCopyIcon fontSize="inherit" />
                </IconButton>
            </Tooltip>
        </Stack>
    );
};
