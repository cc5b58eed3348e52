import { Alert } from '@mui/material';

export interface Outcome {
    severity: 'success' | 'error';
    text: string;
}

/** A form's result, said on the page where the visitor is looking (public pages have no notification area of their own). */
export const OutcomeAlert = ({ outcome }: { outcome?: Outcome }) =>
    outcome ? (
        <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'} sx={{ mt: 2 }}>
            {outcome.text}
        </Alert>
    ) : null;
