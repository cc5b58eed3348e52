import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import { Suspense } from 'react';
import { useTranslate } from 'react-admin';

import { lazyView } from '../common/lazyView';
import type { DashboardStats } from '../dataProvider';

// Fetched after the cards are on screen: the charts library would otherwise weigh on every first load.
const RevenuePlot = lazyView(() => import('./RevenuePlot').then(module => module.RevenuePlot));

const PLOT_HEIGHT = 300;

/** The last 30 days' card: its title at once, the plot when its chunk is in (a placeholder of its size meanwhile). */
export const RevenueChart = ({ days }: { days: DashboardStats['days'] }) => {
    const translate = useTranslate();
    return (
        <Card>
            <CardContent>
                <Typography variant="h6" component="h2">
                    {translate('dashboard.chart_title')}
                </Typography>
                <Suspense fallback={<Skeleton variant="rounded" height={PLOT_HEIGHT} />}>
                    <RevenuePlot days={days} height={PLOT_HEIGHT} />
                </Suspense>
            </CardContent>
        </Card>
    );
};
