import { useEffect, useRef } from 'react';
import { Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';

import { stateOfPin } from '../../../schema/pinCircle';

/**
 * Suggests the pincode's state from its India Post circle as the PIN is typed: the state input takes it while staff
 * have not chosen one themselves, and a note asks them to confirm it. Where the circle spans states, it says so.
 */
export const StateFromPin = () => {
    const translate = useTranslate();
    const { setValue } = useFormContext();
    const pin = useWatch({ name: 'pincode' }) as string | undefined;
    const state = useWatch({ name: 'state' }) as string | null | undefined;
    const suggested = stateOfPin(pin ?? '');
    // The state this input last put in: a state staff chose themselves is never replaced.
    const ours = useRef<string | null>(null);

    useEffect(() => {
        const free = !state || state === ours.current;
        const next = suggested ?? null;
        if (!free || state === next || (!state && !next)) return;
        ours.current = next;
        setValue('state', next, { shouldDirty: true });
    }, [suggested, state, setValue]);

    if (!pin || pin.length < 2) return null;
    const note = suggested
        ? translate('resources.pincode.state_suggested', { state: suggested })
        : pin.length === 6
          ? translate('resources.pincode.state_shared')
          : '';
    return note ? (
        <Typography variant="caption" color="text.secondary" role="status">
            {note}
        </Typography>
    ) : null;
};
