import { Box, Card, CardContent, Typography } from '@mui/material';
import { DateField, RecordContextProvider, useListContext, useTranslate } from 'react-admin';

import { MessageField } from './MessageField';
import { ReadField } from './ReadField';
import { ReadToggleButton } from './ReadToggleButton';
import { SenderField } from './SenderField';
import { shopDateTimeFieldOptions } from '../../common/shopTime';

/** The inbox on a phone: one card per message, nothing wider than the screen. */
export const MessageCards = () => {
    const { data, isPending } = useListContext();
    const translate = useTranslate();
    if (isPending) return null;
    if (!data?.length) {
        return (
            <CardContent>
                <Typography variant="body2">{translate('resources.contacts.no_results')}</Typography>
            </CardContent>
        );
    }
    return (
        <Box sx={{ display: 'grid', gap: 1, p: 1 }}>
            {data.map((record) => (
                <RecordContextProvider key={record.id} value={record}>
                    <Card variant="outlined" role="article" aria-label={record.name} sx={Number(record.read) === 1 ? {} : { bgcolor: 'action.hover' }}>
                        <CardContent sx={{ display: 'grid', gap: 1 }}>
                            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                                <SenderField />
                                <Box sx={{ textAlign: 'right' }}>
                                    <DateField source="createdAt" showTime locales="en-IN" options={shopDateTimeFieldOptions} variant="caption" />
                                    <Box sx={{ mt: 0.5 }}>
                                        <ReadField />
                                    </Box>
                                </Box>
                            </Box>
                            <MessageField />
                            <Box>
                                <ReadToggleButton />
                            </Box>
                        </CardContent>
                    </Card>
                </RecordContextProvider>
            ))}
        </Box>
    );
};
