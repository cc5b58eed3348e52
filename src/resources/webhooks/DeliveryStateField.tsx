import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

import type { DeliveryState } from '../../../schema/webhooks';

const COLOURS = { delivered: 'success', pending: 'warning', failed: 'error' } as const;

/** Delivered, pending (waiting for its next try) or failed (given up), in words and colour. */
export const DeliveryStateField = ({ state }: { state: DeliveryState }) => (
    <Chip size="small" color={COLOURS[state]} label={useTranslate()(`resources.webhooks.states.${state}`)} />
);
