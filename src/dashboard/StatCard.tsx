import type { ComponentType } from 'react';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export interface StatCardProps {
    /** i18n keys. */
    title: string;
    hint: string;
    /** The hint's placeholders. */
    hintArgs?: Record<string, unknown>;
    value: string;
    icon: ComponentType<{ sx?: object }>;
    /** The list the number comes from, filtered as the number was counted. */
    to: string;
}

/** One figure of the day, opening the list it counts; named by what it reads (title, figure, hint), as voice control needs. */
export const StatCard = ({ title, hint, hintArgs, value, icon: Icon, to }: StatCardProps) => {
    const translate = useTranslate();
    return (
        <Card sx={{ height: '100%' }}>
            <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                    <Icon sx={{ fontSize: 40, color: 'primary.main', opacity: 0.8 }} />
                    <Box sx={{ minWidth: 0 }}>
                        <Typography variant="body2" color="text.secondary" noWrap>
                            {translate(title)}
                        </Typography>
                        <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                            {value}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                            {translate(hint, hintArgs)}
                        </Typography>
                    </Box>
                </CardContent>
            </CardActionArea>
        </Card>
    );
};
