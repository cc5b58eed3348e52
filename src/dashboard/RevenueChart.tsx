import { Card, CardContent, Typography } from '@mui/material';
import {
    BarPlot,
    ChartsDataProvider,
    ChartsLegend,
    ChartsSurface,
    ChartsTooltip,
    ChartsWrapper,
    ChartsXAxis,
    ChartsYAxis,
    LinePlot,
    MarkPlot,
} from '@mui/x-charts';
import { useTranslate } from 'react-admin';

import type { DashboardStats } from '../dataProvider';

const dayLabel = (date: string) => `${Number(date.slice(8, 10))}/${Number(date.slice(5, 7))}`;
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Revenue as bars (left axis) and the number of orders as a line (right axis), day by day. */
export const RevenueChart = ({ days }: { days: DashboardStats['days'] }) => {
    const translate = useTranslate();
    return (
        <Card>
            <CardContent>
                <Typography variant="h6" component="h2">
                    {translate('dashboard.chart_title')}
                </Typography>
                <ChartsDataProvider
                    height={300}
                    xAxis={[{ id: 'day', scaleType: 'band', data: days.map(d => d.date), valueFormatter: dayLabel }]}
                    yAxis={[
                        { id: 'revenue', valueFormatter: (v: number) => rupees.format(v), width: 72 },
                        { id: 'orders', position: 'right', tickMinStep: 1, width: 40 },
                    ]}
                    series={[
                        { type: 'bar', id: 'revenue', label: translate('dashboard.revenue'), data: days.map(d => d.revenue), yAxisId: 'revenue', valueFormatter: v => (v == null ? '' : rupees.format(v)) },
                        { type: 'line', id: 'orders', label: translate('dashboard.orders'), data: days.map(d => d.orders), yAxisId: 'orders', curve: 'linear' },
                    ]}
                >
                    <ChartsWrapper legendPosition={{ vertical: 'bottom', horizontal: 'center' }}>
                        <ChartsLegend />
                        <ChartsSurface>
                            <BarPlot />
                            <LinePlot />
                            <MarkPlot />
                            <ChartsXAxis axisId="day" />
                            <ChartsYAxis axisId="revenue" />
                            <ChartsYAxis axisId="orders" />
                        </ChartsSurface>
                        <ChartsTooltip />
                    </ChartsWrapper>
                </ChartsDataProvider>
            </CardContent>
        </Card>
    );
};
