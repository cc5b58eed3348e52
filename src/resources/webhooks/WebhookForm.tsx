import CloseIcon from '@mui/icons-material/Close';
import { Box } from '@mui/material';
import type { FieldValues } from 'react-hook-form';
import { BooleanInput, Button, CheckboxGroupInput, Form, SaveButton, TextInput, Toolbar, useRedirect } from 'react-admin';

import type { WebhookInput } from '../../dataProvider';
import { WarnWhenUnsavedChanges } from '../../common/WarnWhenUnsavedChanges';
import { EventName } from './EventName';
import { eventChoices } from './webhookEvents';

const NEW_ENDPOINT: WebhookInput = { url: '', events: [], active: true };

/** The form's values as the API takes them: nothing of the record it was filled from but these three. */
const written = ({ url, events, active }: WebhookInput): WebhookInput => ({ url, events, active });

export interface WebhookFormProps {
    record?: WebhookInput;
    /** Saves, and answers the fields' messages when the API refuses them. */
    onSubmit: (values: WebhookInput) => Promise<Record<string, unknown> | undefined>;
    /** Where Cancel goes. */
    cancelTo: string;
}

/**
 * The endpoint's address, its events (checkboxes by readable name) and whether it is on. The address and
 * the events are checked by the API alone, so that its own words ('must use https://') show on the field.
 */
export const WebhookForm = ({ record = NEW_ENDPOINT, onSubmit, cancelTo }: WebhookFormProps) => {
    const redirect = useRedirect();
    return (
        <Form record={record} onSubmit={(values: FieldValues) => onSubmit(written(values as WebhookInput))}>
            <WarnWhenUnsavedChanges />
            <Box sx={{ px: 2, pt: 2, maxWidth: 720 }}>
                <TextInput source="url" type="url" fullWidth helperText="resources.webhooks.hints.url" slotProps={{ htmlInput: { spellCheck: false } }} />
                <CheckboxGroupInput
                    source="events"
                    choices={eventChoices}
                    optionText={(choice: { id: string }) => <EventName event={choice.id} />}
                    row={false}
                    helperText="resources.webhooks.hints.events"
                />
                <BooleanInput source="active" helperText="resources.webhooks.hints.active" />
            </Box>
            <Toolbar sx={{ gap: 1 }}>
                <SaveButton />
                <Button label="ra.action.cancel" onClick={() => redirect(cancelTo)}>
                    <CloseIcon />
                </Button>
            </Toolbar>
        </Form>
    );
};
