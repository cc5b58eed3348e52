import EditIcon from '@mui/icons-material/Edit';
import { Button } from '@mui/material';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { useCreatePath, useRecordContext, useResourceContext, useTranslate } from 'react-admin';

import { useRowMay } from './RowAccess';

const stopPropagation = (event: MouseEvent) => event.stopPropagation();

/**
 * A row's Edit link, as react-admin's EditButton draws it, without a `canAccess` query and a media query
 * of its own per row: the list decides access once (RowAccessProvider).
 */
export const EditRowButton = () => {
    const resource = useResourceContext();
    const record = useRecordContext();
    const createPath = useCreatePath();
    const translate = useTranslate();
    const may = useRowMay('edit');
    if (!record || !resource || !may) return null;
    return (
        <Button
            component={Link}
            to={createPath({ resource, id: record.id, type: 'edit' })}
            // The table row opens the record too: the click must not reach it twice.
            onClick={stopPropagation}
            size="small"
            startIcon={<EditIcon />}
        >
            {translate('ra.action.edit')}
        </Button>
    );
};
