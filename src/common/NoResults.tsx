import { CardContent, Typography } from '@mui/material';
import { Button, useListContext, useResourceContext, useTranslate } from 'react-admin';

/**
 * What a list says when its filters match nothing: `resources.<resource>.no_results`
 * (e.g. 'No GST entries found'), with a way out. Unfiltered, it says `…empty` (e.g. 'No products available.'):
 * a list that keeps its toolbar when empty (Import) shows this in place of react-admin's empty page.
 */
export const NoResults = () => {
    const translate = useTranslate();
    const resource = useResourceContext();
    const { filterValues, setFilters } = useListContext();
    const filtered = Object.keys(filterValues ?? {}).length > 0;
    return (
        <CardContent>
            <Typography variant="body2" component="span">
                {translate(`resources.${resource}.${filtered ? 'no_results' : 'empty'}`, {
                    _: translate(`resources.${resource}.no_results`, {
                        _: translate(filtered ? 'ra.navigation.no_filtered_results' : 'ra.navigation.no_results', {
                            name: translate(`resources.${resource}.name`, { smart_count: 0 }),
                        }),
                    }),
                })}
            </Typography>{' '}
            {filtered && <Button onClick={() => setFilters({}, [])} label="ra.navigation.clear_filters" />}
        </CardContent>
    );
};
