import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

import type { DashboardStats } from '../dataProvider';

const dayLabel = (date: string) => `${Number(date.slice(8, 10))}/${Number(date.slice(5, 7))}`;
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/**
 * Revenue as bars (left axis) and the number of orders as a line (right axis), day by day. A chunk of its
 * own (RevenueChart loads it): the charts library is about as heavy as the rest of the first screen.
 */
export const RevenuePlot = ({ days, height }: { days: DashboardStats['days']; height: number }) => {
    const translate = useTranslate();
    // The theme's colours, light or dark, rather than the charts library's own blue and purple.
    const { palette } = useTheme();
    return (
        <ChartsDataProvider
            height={height}
            xAxis={[{ id: 'day', scaleType: 'band', data: days.map(d => d.date), valueFormatter: dayLabel }]}
            yAxis={[
                { id: 'revenue', valueFormatter: (v: number) => rupees.format(v), width: 72 },
                { id: 'orders', position: 'right', tickMinStep: 1, width: 40 },
            ]}
            series={[
                { type: 'bar', id: 'revenue', label: translate('dashboard.revenue'), data: days.map(d => d.revenue), yAxisId: 'revenue', color: palette.primary.main, valueFormatter: v => (v == null ? '' : rupees.format(v)) },
                { type: 'line', id: 'orders', label: translate('dashboard.orders'), data: days.map(d => d.orders), yAxisId: 'orders', color: palette.warning.main, curve: 'linear' },
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
    );
};
