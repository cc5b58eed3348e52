import { Box } from '@mui/material';

import { ImageThumbField } from '../common/ImageThumbField';
import { PhoneList } from '../common/PhoneList';
import { StatusField } from '../common/StatusField';
import { ToggleStatusButton, type ToggleStatusButtonProps } from '../common/ToggleStatusButton';
import { TruncatedTextField } from '../common/TruncatedTextField';
import { useEntitySchema } from './SchemaContext';
import { SchemaValue } from './SchemaValue';

/** Columns a phone's row does not repeat under the name: the id, the picture, the status and the name itself. */
const detailColumns = (columns: string[], image: string | undefined, representation: string) =>
    columns.filter(column => !['id', 'status', image, representation].includes(column));

/** A detail as the desktop list shows it: a text cut at so many words keeps its 'Read More'. */
const PhoneValue = ({ source }: { source: string }) => {
    const field = useEntitySchema().fields[source];
    return field?.truncateWords ? <TruncatedTextField source={source} words={field.truncateWords} /> : <SchemaValue source={source} />;
};

/** The generated list on a phone: picture, name, the other columns on a line, then the status and its toggle. */
export const SchemaPhoneList = ({ toggle }: { toggle: ToggleStatusButtonProps | false }) => {
    const schema = useEntitySchema();
    const image = schema.list.columns.find(column => schema.fields[column]?.type === 'image');
    const details = detailColumns(schema.list.columns, image, schema.representation);
    const hasStatus = schema.list.columns.includes('status');
    return (
        <PhoneList
            avatar={image ? <ImageThumbField source={image} size={40} /> : undefined}
            secondary={
                <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, minWidth: 0 }}>
                    {details.map(column => (
                        <PhoneValue key={column} source={column} />
                    ))}
                </Box>
            }
            actions={
                hasStatus || toggle ? (
                    <>
                        {hasStatus && <StatusField />}
                        {toggle && <ToggleStatusButton {...toggle} />}
                    </>
                ) : undefined
            }
        />
    );
};
