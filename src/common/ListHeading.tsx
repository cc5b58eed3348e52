import ClearIcon from '@mui/icons-material/Clear';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useListContext, useResourceContext, useTranslate } from 'react-admin';

/**
 * The line that says a search or filter applies, whenever one does (react-admin keeps the last ones across visits,
 * and the line says so), with Clear: otherwise an export of 1 row, made because of a search typed days ago, looks
 * like the whole list. `skip` leaves out filters the list shows elsewhere (the order list's status tabs).
 */
export const FiltersKept = ({ skip = [] }: { skip?: string[] }) => {
    const resource = useResourceContext();
    const translate = useTranslate();
    const { filterValues = {}, setFilters } = useListContext();
    const applied = Object.entries(filterValues).filter(([key, value]) => value !== undefined && value !== '' && !skip.includes(key));
    const named = ([key, value]: [string, unknown]) =>
        key === 'q'
            ? translate('app.list_filters.search', { value: String(value) })
            : translate(`resources.${resource}.fields.${key}`, { _: key });
    if (!applied.length) return null;
    // Clearing keeps what the line does not name.
    const kept = Object.fromEntries(Object.entries(filterValues).filter(([key]) => skip.includes(key)));
    return (
        <Box role="status" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
            <Typography variant="body2">{translate('app.list_filters.on')}</Typography>
            {applied.map(entry => (
                <Chip key={entry[0]} size="small" label={named(entry)} />
            ))}
            <Button size="small" startIcon={<ClearIcon />} onClick={() => setFilters(kept, {})}>
                {translate('app.list_filters.clear')}
            </Button>
        </Box>
    );
};

/** A list's own heading (h1, the resource's plural name), and under it the line of the filters that apply. */
export const ListHeading = () => {
    const resource = useResourceContext();
    const translate = useTranslate();
    return (
        <Box sx={{ px: 2, pt: 1.5 }}>
            <Typography variant="h5" component="h1">
                {translate(`resources.${resource}.name`, { smart_count: 2 })}
            </Typography>
            <FiltersKept />
        </Box>
    );
};
