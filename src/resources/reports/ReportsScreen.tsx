import { useState } from 'react';
import { Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Title, useNotify, useTranslate } from 'react-admin';

import { downloadPdf } from '../orders/downloadPdf';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const FORMATS = ['json', 'zip'] as const;

/** GST returns for administrators: GSTR-1 of a month or quarter (JSON for the offline tool, or its sheets), and the sales register. */
export const ReportsScreen = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const t = (key: string) => translate(`resources.reports.${key}`);
    const [period, setPeriod] = useState(today().slice(0, 7));
    const [format, setFormat] = useState<(typeof FORMATS)[number]>('json');
    const [from, setFrom] = useState(`${today().slice(0, 7)}-01`);
    const [to, setTo] = useState(today());
    const [busy, setBusy] = useState(false);
    const get = async (path: string, name: string) => {
        setBusy(true);
        try {
            await downloadPdf(path, name);
        } catch (error) {
            notify((error as Error).message || t('error'), { type: 'error' });
        } finally {
            setBusy(false);
        }
    };
    const validPeriod = /^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/.test(period);
    return (
        <Box sx={{ mt: 2 }}>
            <Title title={t('title')} />
            <Stack spacing={2}>
                <Card>
                    <CardContent>
                        <Typography variant="h6" component="h2">{t('gstr1')}</Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('gstr1_hint')}</Typography>
                        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                            <TextField label={t('period')} value={period} onChange={event => setPeriod(event.target.value.trim())} error={!validPeriod} helperText={t('period_hint')} size="small" />
                            <TextField select label={t('format')} value={format} onChange={event => setFormat(event.target.value as (typeof FORMATS)[number])} size="small" sx={{ minWidth: 200 }}>
                                {FORMATS.map(one => <MenuItem key={one} value={one}>{t(`formats.${one}`)}</MenuItem>)}
                            </TextField>
                            <Button variant="contained" startIcon={<DownloadIcon />} disabled={busy || !validPeriod} onClick={() => get(`/reports/gstr1?period=${period}&format=${format}`, `GSTR1-${period}.${format}`)}>
                                {t('download')}
                            </Button>
                        </Stack>
                    </CardContent>
                </Card>
                <Card>
                    <CardContent>
                        <Typography variant="h6" component="h2">{t('register')}</Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('register_hint')}</Typography>
                        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                            <TextField type="date" label={t('from')} value={from} onChange={event => setFrom(event.target.value)} size="small" slotProps={{ inputLabel: { shrink: true } }} />
                            <TextField type="date" label={t('to')} value={to} onChange={event => setTo(event.target.value)} size="small" slotProps={{ inputLabel: { shrink: true } }} />
                            <Button variant="contained" startIcon={<DownloadIcon />} disabled={busy || !from || !to} onClick={() => get(`/reports/sales-register?from=${from}&to=${to}`, `sales-register-${from}-${to}.csv`)}>
                                {t('download')}
                            </Button>
                        </Stack>
                    </CardContent>
                </Card>
            </Stack>
        </Box>
    );
};
