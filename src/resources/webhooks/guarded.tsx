import type { ComponentType } from 'react';
import { LinearProgress } from '@mui/material';
import { useCanAccess, useRequireAccess } from 'react-admin';

/**
 * A view drawn only once the signed-in role may open it, else react-admin's Access denied page: react-admin's own
 * views ask (their controllers do), these hand-written ones would otherwise ask the API first and be refused.
 */
export const guarded = (View: ComponentType, action: 'list' | 'create' | 'edit' | 'show') => {
    const Guarded = () => {
        // The same question twice (one query): this one sends a refused role away, that one says whether to draw.
        useRequireAccess({ action, resource: 'webhooks' });
        const { canAccess, isPending } = useCanAccess({ action, resource: 'webhooks' });
        if (isPending) return <LinearProgress sx={{ m: 2 }} />;
        return canAccess ? <View /> : null;
    };
    Guarded.displayName = `Guarded(${View.displayName ?? View.name})`;
    return Guarded;
};
