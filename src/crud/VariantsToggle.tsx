import { Button } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { MouseEvent } from 'react';
import { useExpanded, useRecordContext, useResourceContext, useTranslate } from 'react-admin';

import { variantName } from '../../schema/variantName';
import { useEntitySchema } from './SchemaContext';

/**
 * Opens and closes a product's variants under its row for a keyboard and a screen reader: react-admin's chevron
 * is hidden from both (aria-hidden, out of the tab order). The first of the row's actions, seen only while it has
 * the focus (over the others, so nothing moves); a mouse has the chevron. It keeps the same open rows as the
 * chevron (react-admin's store), so the two never disagree. Its words leave the product's name to its label: a search
 * of the page for a name finds the row's name only.
 */
export const VariantsToggle = () => {
    const schema = useEntitySchema();
    const record = useRecordContext();
    const resource = useResourceContext() ?? schema.name;
    const translate = useTranslate();
    const [expanded, toggle] = useExpanded(resource, record?.id ?? '');
    const spec = schema.variants;
    if (!spec || !record || record[spec.parent] != null) return null;
    const name = variantName(String(record[schema.representation] ?? ''), record[spec.option] as string | undefined);
    // The row opens the product's form on a click: a click here stays the toggle's.
    const onClick = (event: MouseEvent) => {
        event.stopPropagation();
        toggle();
    };
    return (
        <Button
            size="small"
            variant="contained"
            aria-expanded={expanded}
            aria-label={translate(expanded ? 'app.variants.hide_of' : 'app.variants.show_of', { name })}
            onClick={onClick}
            sx={{ ...visuallyHidden, '&:focus-visible': { clip: 'auto', width: 'auto', height: 'auto', margin: 0, padding: '4px 10px', textTransform: 'none', right: 8, top: '50%', transform: 'translateY(-50%)', zIndex: 1, whiteSpace: 'nowrap' } }}
        >
            {translate(expanded ? 'app.variants.hide' : 'app.variants.show')}
        </Button>
    );
};
