import { Tooltip } from '@mui/material';
import { DeleteWithConfirmButton, useResourceContext, useTranslate } from 'react-admin';

import { useRowMay } from './RowAccess';
import { useNotifyError } from './useNotifyError';

/** 'Attribute' → 'attribute', 'GST rate' stays: react-admin lower-cases the whole name ('gst rate'). */
const inSentence = (name: string) => name.replace(/\b\w+\b/g, word => (word === word.toUpperCase() ? word : word.toLowerCase()));

/**
 * The word stays in the button as its accessible name (react-admin also sets it as aria-label), drawn at size 0:
 * the row shows the bin alone, and the tooltip says it.
 */
const iconOnly = { minWidth: 0, px: 0.75, fontSize: 0, '& .MuiButton-startIcon': { m: 0 } };

/**
 * Delete, once the user confirms, undoably: the row goes at once and `resources.<resource>.notifications.deleted`
 * offers Undo; the request leaves when that notification closes. The server may still refuse (409 'This GST
 * rate is used by 3 products…'): then its words are shown and the row comes back.
 * The dialog names the resource as its labels do: 'Delete GST rate 18%'.
 */
export const DeleteWithConfirm = () => {
    const onError = useNotifyError('delete_error');
    const resource = useResourceContext();
    const translate = useTranslate();
    const name = translate(`resources.${resource}.name`, { smart_count: 1 });
    const may = useRowMay('delete');
    if (!may) return null;
    return (
        <Tooltip title={translate('ra.action.delete')}>
            <DeleteWithConfirmButton
                mutationMode="undoable"
                mutationOptions={{ onError }}
                titleTranslateOptions={{ name }}
                contentTranslateOptions={{ name: inSentence(name) }}
                sx={iconOnly}
            />
        </Tooltip>
    );
};
