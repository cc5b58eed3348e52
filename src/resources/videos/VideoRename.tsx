import { useState, type FormEvent } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

import { serverMessage } from '../../common/serverMessage';

export interface VideoRenameProps {
    filename: string;
    saving: boolean;
    onSave: (filename: string) => Promise<unknown>;
    onClose: () => void;
}

/** The inline rename field: a blank name is refused here with the spec's message, before any call. */
export const VideoRename = ({ filename, saving, onSave, onClose }: VideoRenameProps) => {
    const translate = useTranslate();
    const [value, setValue] = useState(filename);
    const [error, setError] = useState<string | null>(null);

    const submit = async (event: FormEvent) => {
        event.preventDefault();
        event.stopPropagation();
        const name = value.trim();
        if (!name) return setError(translate('resources.videos.messages.rename_required'));
        if (name === filename) return onClose();
        try {
            await onSave(name);
            onClose();
        } catch (refused) {
            setError(serverMessage(refused) ?? translate('resources.videos.messages.action_error'));
        }
    };

    return (
        <Stack component="form" onSubmit={submit} noValidate spacing={1}>
            <TextField
                label={translate('resources.videos.rename.label')}
                value={value}
                onChange={event => {
                    setValue(event.target.value);
                    setError(null);
                }}
                onKeyDown={event => event.key === 'Escape' && onClose()}
                error={error !== null}
                helperText={error ?? ' '}
                size="small"
                autoFocus
                fullWidth
                slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            <Stack direction="row" spacing={1}>
                <Button type="submit" size="small" variant="contained" disabled={saving}>
                    {translate('resources.videos.rename.save')}
                </Button>
                <Button size="small" onClick={onClose} disabled={saving}>
                    {translate('resources.videos.rename.cancel')}
                </Button>
            </Stack>
        </Stack>
    );
};
