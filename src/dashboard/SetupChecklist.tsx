import { Alert, AlertTitle, Box, Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';

import type { OrderDataProvider } from '../dataProvider';

/**
 * What the shop must still set before it sells with the right GST documents: the settings a tax invoice names
 * (legal name, address, state, GSTIN or "not registered") and the pincodes without a state, which take no orders.
 * Nothing shows once all is set, nor when the list cannot be had (the settings screens still say what they lack).
 */
export const SetupChecklist = () => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<OrderDataProvider>();
    const { data } = useQuery({
        queryKey: ['setupChecklist'],
        queryFn: () => dataProvider.setupChecklist().then(({ data }) => data),
        retry: false,
    });
    if (!data || (!data.missing.length && !data.pincodesWithoutStateCount)) return null;
    return (
        <Alert severity="warning" role="region" aria-label={translate('dashboard.setup.title')}>
            <AlertTitle>{translate('dashboard.setup.title')}</AlertTitle>
            {translate('dashboard.setup.intro')}
            {/* A plain list: MUI's List would add a file of its own to the dashboard's first load. */}
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {data.missing.map(item => (
                    <li key={item}>
                        <Link component={RouterLink} to="/settings">
                            {translate(`dashboard.setup.${item}`)}
                        </Link>
                    </li>
                ))}
                {data.pincodesWithoutStateCount > 0 && (
                    <li>
                        <Link component={RouterLink} to="/pincode">
                            {translate('dashboard.setup.pincodes', {
                                smart_count: data.pincodesWithoutStateCount,
                                pincodes: data.pincodesWithoutState.join(', '),
                            })}
                        </Link>
                    </li>
                )}
            </Box>
        </Alert>
    );
};
