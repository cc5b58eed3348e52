import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, InputAdornment, TextField, Tooltip, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/**
 * A secret just made (a new endpoint, or a new secret), shown this once: the API never answers it again. The
 * dialog closes only by its button, so that a stray click beside it does not lose the secret.
 */
export const SecretDialog = ({ secret, onClose }: { secret?: string; onClose: () => void }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const copy = async () => {
        try {
            await navigator.clipboard.writeText(secret ?? '');
            notify('resources.webhooks.secret.copied', { type: 'info' });
        } catch {
            notify('app.list.copy_failed', { type: 'warning' });
        }
    };
    const label = translate('resources.webhooks.secret.copy');
    return (
        <Dialog open={Boolean(secret)} aria-labelledby="webhook-secret-title" maxWidth="sm" fullWidth>
            <DialogTitle id="webhook-secret-title">{translate('resources.webhooks.secret.title')}</DialogTitle>
            <DialogContent>
                <Alert severity="warning" sx={{ mb: 2 }}>
                    {translate('resources.webhooks.secret.once')}
                </Alert>
                <TextField
                    value={secret ?? ''}
                    label={translate('resources.webhooks.secret.title')}
                    fullWidth
                    // Wrapped, so that a phone shows all of it.
                    multiline
                    onFocus={event => event.target.select()}
                    slotProps={{
                        htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', wordBreak: 'break-all' } },
                        input: {
                            endAdornment: (
                                <InputAdornment position="end">
                                    <Tooltip title={label}>
                                        <IconButton onClick={copy} aria-label={label} edge="end">
                                            <ContentCopyIcon />
                                        </IconButton>
                                    </Tooltip>
                                </InputAdornment>
                            ),
                        },
                    }}
                />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {translate('resources.webhooks.secret.why')}
                </Typography>
            </DialogContent>
            <DialogActions>
                <Button onClick={copy} startIcon={<ContentCopyIcon />}>
                    {label}
                </Button>
                <Button variant="contained" onClick={onClose}>
                    {translate('resources.webhooks.secret.done')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};
