import ErrorIcon from '@mui/icons-material/Error';
import { Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { LinearProgress, ReferenceField, useRecordContext, useTranslate } from 'react-admin';

import { errorReason } from './errorReason';
import { usePageReferences, type ColumnReferences, type PageReference } from './PageReferences';

/** As a ReferenceField that failed: an icon, and why, read aloud. */
const ReferenceFailed = ({ error }: { error: unknown }) => {
    const translate = useTranslate();
    const { key, args } = errorReason(error);
    return (
        <div>
            <ErrorIcon role="presentation" color="error" fontSize="small" />
            <span style={visuallyHidden}>{translate(key, args)}</span>
        </div>
    );
};

/** A ReferenceField's look: the name as body text, a bar while it loads, an icon (and the reason, read aloud) when it failed. */
const PageReferenceName = ({ id, source, reference, column }: PageReference & { id: unknown; column: ColumnReferences }) => {
    const name = column.names.get(String(id));
    if (name !== undefined) {
        return (
            <Typography component="span" variant="body2">
                {name}
            </Typography>
        );
    }
    if (column.isLoading) return <LinearProgress />;
    if (column.error) return <ReferenceFailed error={column.error} />;
    // Not among the page's names: a record of another list than the provider's, or one deleted since (the server
    // leaves it out of getMany): asked for on its own, so a deleted one shows as ReferenceField shows it.
    return <ReferenceField source={source} reference={reference} link={false} />;
};

/** The name of the record a row refers to: from the page's references when the list read them, else a ReferenceField of its own. */
export const ReferenceValue = ({ source, reference }: PageReference) => {
    const column = usePageReferences(source);
    const id = useRecordContext()?.[source];
    if (!column) return <ReferenceField source={source} reference={reference} link={false} />;
    if (id == null || id === '') return null;
    return <PageReferenceName id={id} source={source} reference={reference} column={column} />;
};
