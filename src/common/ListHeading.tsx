import ClearIcon from '@mui/icons-material/Clear';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useListContext, useResourceContext, useTranslate } from 'react-admin';

/**
 * A list's own heading (h1, the resource's plural name), and under it, whenever a search or filter applies
 * (react-admin keeps the last ones across visits), the line that says so, with Clear: otherwise an export
 * of 1 row, made because of a search typed days ago, looks like the whole list.
 */
export const ListHeading = () => {
    const resource = useResourceContext();
    const translate = useTranslate();
    const { filterValues = {}, setFilters } = useListContext();
    const applied = Object.entries(filterValues).filter(([, value]) => value !== undefined && value !== '');
    const named = ([key, value]: [string, unknown]) =>
        key === 'q'
            ? translate('app.list_filters.search', { value: String(value) })
            : translate(`resources.${resource}.fields.${key}`, { _: key });
    return (
        <Box sx={{ px: 2, pt: 1.5 }}>
            <Typography variant="h5" component="h1">
                {translate(`resources.${resource}.name`, { smart_count: 2 })}
            </Typography>
            {applied.length > 0 && (
                <Box role="status" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
                    <Typography variant="body2">{translate('app.list_filters.on')}</Typography>
                    {applied.map(entry => (
                        <Chip key={entry[0]} size="small" label={named(entry)} />
                    ))}
                    <Button size="small" startIcon={<ClearIcon />} onClick={() => setFilters({}, {})}>
                        {translate('app.list_filters.clear')}
                    </Button>
                </Box>
            )}
        </Box>
    );
};
