import type { ReactNode } from 'react';
import { Box, LinearProgress, List, ListItem, ListItemAvatar, ListItemButton, ListItemText } from '@mui/material';
import {
    LinkBase,
    RecordContextProvider,
    useCreatePath,
    useGetRecordRepresentation,
    useListContext,
    useResourceContext,
    useResourceDefinition,
} from 'react-admin';

import { NoResults } from './NoResults';
import { useDrawnInSteps } from './useDrawnInSteps';
import { useSavedHighlight } from './useSavedHighlight';

/** A phone's screenful and some: the rows drawn before the browser first paints the list. */
const FIRST_ROWS = 10;

export interface PhoneListProps {
    /** The row's title, rendered in the record's context; the resource's record representation when left out. */
    primary?: ReactNode;
    /** The row's picture, e.g. an `ImageThumbField`; rendered in the record's context. */
    avatar?: ReactNode;
    /** What a row says under its name (the other columns); rendered in the record's context. */
    secondary?: ReactNode;
    /** The row's status and one-click actions, on a line of their own so that a phone never scrolls sideways. */
    actions?: ReactNode;
}

/**
 * A list on a phone: one column of rows, each its name (opening the edit view), its details, and its status
 * and actions underneath, where a table would be three screens wide. The details sit outside the link, so
 * that a long text's 'Read More' opens the text rather than the record.
 */
export const PhoneList = ({ primary, avatar, secondary, actions }: PhoneListProps) => {
    const { data, isPending } = useListContext();
    const resource = useResourceContext();
    const { hasEdit } = useResourceDefinition();
    const createPath = useCreatePath();
    const represent = useGetRecordRepresentation(resource);
    const { rowSx } = useSavedHighlight();
    // The first rows at once, the rest of the page right after (useDrawnInSteps): a phone's slower CPU draws 100 rows in long tasks.
    const rows = useDrawnInSteps(data, FIRST_ROWS);
    if (isPending) return <LinearProgress sx={{ m: 2 }} />;
    if (!rows?.length) return <NoResults />;
    return (
        <List disablePadding>
            {rows.map(record => {
                const name = (
                    <>
                        {avatar && <ListItemAvatar>{avatar}</ListItemAvatar>}
                        <ListItemText primary={primary ?? String(represent(record))} slotProps={{ primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } } }} />
                    </>
                );
                return (
                    <RecordContextProvider key={record.id} value={record}>
                        <ListItem divider disablePadding sx={{ flexDirection: 'column', alignItems: 'stretch', minWidth: 0, ...rowSx(record) }}>
                            {hasEdit ? (
                                <ListItemButton component={LinkBase} to={createPath({ resource, id: record.id, type: 'edit' })}>
                                    {name}
                                </ListItemButton>
                            ) : (
                                <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>{name}</Box>
                            )}
                            {secondary && (
                                // Beside the name link, not inside it: a 'Read More' is a button of its own.
                                <Box sx={{ px: 2, pl: avatar ? 9 : 2, pb: 1, minWidth: 0, overflowWrap: 'anywhere', color: 'text.secondary' }}>
                                    {secondary}
                                </Box>
                            )}
                            {actions && (
                                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, pb: 1 }}>{actions}</Box>
                            )}
                        </ListItem>
                    </RecordContextProvider>
                );
            })}
        </List>
    );
};
