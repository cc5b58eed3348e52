import { Chip, Stack } from '@mui/material';
import { ReferenceArrayField, useGetRecordRepresentation, useListContext, type RaRecord } from 'react-admin';

/**
 * The chosen rows as chips, each named as its resource names a row ('Brand: Aashirvaad'). A long name wraps inside
 * its chip, so that the column can be as narrow as a word and a list of them still fits a laptop's width.
 */
const Chips = ({ reference }: { reference: string }) => {
    const { data } = useListContext<RaRecord>();
    const represent = useGetRecordRepresentation(reference);
    if (!data?.length) return null;
    return (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {data.map(record => (
                <Chip key={record.id} size="small" label={String(represent(record))} sx={{ height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }} />
            ))}
        </Stack>
    );
};

/** A set of references (a product's attribute values) shown as chips, the rows fetched in one call. */
export const ReferenceSetField = ({ source, reference }: { source: string; reference: string }) => (
    <ReferenceArrayField source={source} reference={reference} perPage={500}>
        <Chips reference={reference} />
    </ReferenceArrayField>
);
