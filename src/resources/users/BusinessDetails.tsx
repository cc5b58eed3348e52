import { useState } from 'react';
import { Box, Button, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useGetIdentity, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

import { checkProblem } from '../../../schema/checks';
import type { Field } from '../../../schema/types';
import { postJson, refusal } from '../../pages/api';
import { ROLE } from './roles';

interface BusinessRecord {
    id: number;
    gstin?: string | null;
    businessName?: string | null;
}

/** Checked as the server checks it: the named gstin check (shape and check character). */
const GSTIN_FIELD: Field = { type: 'text', check: 'gstin' };

/**
 * A business customer's GSTIN and business name, which their next invoices name (a B2B tax invoice): an administrator
 * enters or clears them here. The GSTIN is checked as it is typed, with the server's own sentence.
 */
export const BusinessDetails = () => {
    const record = useRecordContext<BusinessRecord>();
    const { identity } = useGetIdentity();
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const [gstin, setGstin] = useState<string>();
    const [businessName, setBusinessName] = useState<string>();
    const [serverProblem, setServerProblem] = useState<string>();

    const save = useMutation({
        mutationFn: (body: { gstin: string; businessName: string }) => postJson(`/users/${record!.id}/business`, body),
        onSuccess: () => {
            notify('resources.users.business.saved', { type: 'success' });
            setGstin(undefined);
            setBusinessName(undefined);
            refresh();
        },
        onError: (error) => {
            const message = refusal(error);
            setServerProblem(message);
            notify(message ?? 'resources.users.notifications.change_error', { type: 'error' });
        },
    });

    if (!record || !identity || identity.roleId !== ROLE.admin) return null;
    const gstinValue = gstin ?? record.gstin ?? '';
    const nameValue = businessName ?? record.businessName ?? '';
    const problem = checkProblem('gstin', GSTIN_FIELD, { gstin: gstinValue.trim().toUpperCase() }) ?? serverProblem;
    const changed = gstinValue !== (record.gstin ?? '') || nameValue !== (record.businessName ?? '');

    return (
        <Box component="section" aria-labelledby="business-details-title">
            <Typography id="business-details-title" variant="h6" component="h2" gutterBottom>
                {translate('resources.users.business.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {translate('resources.users.business.help')}
            </Typography>
            <Box
                component="form"
                sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
                onSubmit={(event) => {
                    event.preventDefault();
                    if (!problem) save.mutate({ gstin: gstinValue.trim().toUpperCase(), businessName: nameValue.trim() });
                }}
            >
                <TextField
                    size="small"
                    label={translate('resources.users.fields.gstin')}
                    value={gstinValue}
                    onChange={(event) => {
                        setServerProblem(undefined);
                        setGstin(event.target.value);
                    }}
                    error={Boolean(problem)}
                    helperText={problem}
                    slotProps={{ htmlInput: { maxLength: 15, autoCapitalize: 'characters', spellCheck: false } }}
                    sx={{ width: 260 }}
                />
                <TextField
                    size="small"
                    label={translate('resources.users.fields.businessName')}
                    value={nameValue}
                    onChange={(event) => setBusinessName(event.target.value)}
                    slotProps={{ htmlInput: { maxLength: 200 } }}
                    sx={{ width: 320 }}
                />
                <Button type="submit" variant="contained" disabled={!changed || Boolean(problem) || save.isPending}>
                    {translate('resources.users.business.save')}
                </Button>
            </Box>
        </Box>
    );
};
