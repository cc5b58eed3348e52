import { useEffect, useState } from 'react';
import { Autocomplete, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';

import type { DeskCustomer, DeskDataProvider, NewCustomer } from '../../dataProvider/deskMethods';
import { NEW_CUSTOMER_MAX } from '../../../schema/deskCustomer';

export type CustomerChoice = { existing: DeskCustomer } | { added: NewCustomer } | null;

/** Whether a new customer is taken down well enough to order for: a name, and a phone or an e-mail. */
export const customerReady = (choice: CustomerChoice) =>
    choice !== null && ('existing' in choice || (choice.added.name.trim() !== '' && Boolean(choice.added.phone?.trim() || choice.added.email?.trim())));

/** A customer found by name, phone or e-mail as staff type, or a new one taken down (name, phone, e-mail if any, address). */
export const CustomerPicker = ({ value, onChange }: { value: CustomerChoice; onChange: (choice: CustomerChoice) => void }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<DeskDataProvider>();
    const [q, setQ] = useState('');
    const [options, setOptions] = useState<DeskCustomer[]>([]);
    const t = (key: string) => translate(`app.order_desk.${key}`);

    useEffect(() => {
        const text = q.trim();
        if (text.length < 2) return;
        let live = true;
        const timer = setTimeout(() => {
            dataProvider.searchCustomers(text).then(found => live && setOptions(found), () => live && setOptions([]));
        }, 250);
        return () => {
            live = false;
            clearTimeout(timer);
        };
    }, [q, dataProvider]);

    if (value && 'existing' in value) {
        const c = value.existing;
        return (
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <Box>
                    <Typography>{c.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                        {[c.contactNo, c.email].filter(Boolean).join(' · ')}
                    </Typography>
                </Box>
                <Button size="small" onClick={() => onChange(null)}>
                    {t('change_customer')}
                </Button>
            </Box>
        );
    }
    if (value && 'added' in value) {
        const set = (field: keyof NewCustomer) => (event: React.ChangeEvent<HTMLInputElement>) => onChange({ added: { ...value.added, [field]: event.target.value } });
        return (
            <Stack spacing={1.5}>
                <TextField label={t('name')} value={value.added.name} onChange={set('name')} required size="small" slotProps={{ htmlInput: { maxLength: NEW_CUSTOMER_MAX.name } }} />
                <TextField label={t('phone')} value={value.added.phone ?? ''} onChange={set('phone')} size="small" type="tel" slotProps={{ htmlInput: { maxLength: NEW_CUSTOMER_MAX.phone } }} />
                <TextField
                    label={t('email_optional')}
                    value={value.added.email ?? ''}
                    onChange={set('email')}
                    size="small"
                    type="email"
                    helperText={value.added.email?.trim() ? undefined : t('no_email_hint')}
                    slotProps={{ htmlInput: { maxLength: NEW_CUSTOMER_MAX.email } }}
                />
                <TextField label={t('address')} value={value.added.address ?? ''} onChange={set('address')} size="small" multiline minRows={2} slotProps={{ htmlInput: { maxLength: NEW_CUSTOMER_MAX.address } }} />
                <Box>
                    <Button size="small" onClick={() => onChange(null)}>
                        {t('change_customer')}
                    </Button>
                </Box>
            </Stack>
        );
    }
    return (
        <Stack spacing={1} direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' } }}>
            <Autocomplete
                sx={{ flex: 1, minWidth: 0 }}
                options={options}
                filterOptions={x => x}
                getOptionLabel={c => `${c.name} · ${[c.contactNo, c.email].filter(Boolean).join(' · ')}`}
                noOptionsText={t('no_customer')}
                onInputChange={(_, text) => setQ(text)}
                onChange={(_, c) => c && onChange({ existing: c })}
                renderInput={params => <TextField {...params} label={t('find_customer')} size="small" />}
            />
            <Button variant="outlined" onClick={() => onChange({ added: { name: q.trim() && !q.includes('@') && !/\d/.test(q) ? q.trim() : '', email: q.includes('@') ? q.trim() : '', phone: /^\+?[\d\s-]{10,}$/.test(q.trim()) ? q.trim() : '' } })}>
                {t('new_customer')}
            </Button>
        </Stack>
    );
};
