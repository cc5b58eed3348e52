import CloseIcon from '@mui/icons-material/Close';
import { ListButton, SaveButton, Toolbar } from 'react-admin';

/** Save and Cancel (back to the list): the legacy API deletes nothing that this toolbar edits. */
export const SaveToolbar = () => (
    <Toolbar sx={{ gap: 1 }}>
        <SaveButton />
        <ListButton label="ra.action.cancel" icon={<CloseIcon />} />
    </Toolbar>
);
