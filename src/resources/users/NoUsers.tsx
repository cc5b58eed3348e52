import { CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** 'No users found', the legacy screen's words, whether the shop has none or the search matches none. */
export const NoUsers = () => {
    const translate = useTranslate();
    return (
        <CardContent>
            <Typography variant="body2">{translate('resources.users.no_results')}</Typography>
        </CardContent>
    );
};
