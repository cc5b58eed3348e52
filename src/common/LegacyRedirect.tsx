import { Navigate, useSearchParams } from 'react-router-dom';

import type { RedirectTarget } from '../legacyRedirects';

/** Replaces a legacy URL by its new screen, reading the query when the target needs it (`?id=`). */
export const LegacyRedirect = ({ to }: { to: RedirectTarget }) => {
    const [query] = useSearchParams();
    return <Navigate to={typeof to === 'string' ? to : to(query)} replace />;
};
