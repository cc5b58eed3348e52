import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Tooltip } from '@mui/material';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { useCreatePath, useRecordContext, useResourceContext, useTranslate } from 'react-admin';

import { useRowMay } from './RowAccess';

const stopPropagation = (event: MouseEvent) => event.stopPropagation();

/**
 * A row's Edit link as an icon with a tooltip (a text button took a third of a narrow row), without react-admin's
 * EditButton's `canAccess` query and media query per row: the list decides access once (RowAccessProvider).
 */
export const EditRowButton = () => {
    const resource = useResourceContext();
    const record = useRecordContext();
    const createPath = useCreatePath();
    const translate = useTranslate();
    const may = useRowMay('edit');
    if (!record || !resource || !may) return null;
    const label = translate('ra.action.edit');
    return (
        <Tooltip title={label}>
            <IconButton
                component={Link}
                to={createPath({ resource, id: record.id, type: 'edit' })}
                // The table row opens the record too: the click must not reach it twice.
                onClick={stopPropagation}
                size="small"
                color="primary"
                aria-label={label}
            >
                <EditIcon fontSize="small" />
            </IconButton>
        </Tooltip>
    );
};
