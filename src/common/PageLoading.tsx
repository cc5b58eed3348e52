import { Loading, useLocaleState } from 'react-admin';
import { useLocation } from 'react-router-dom';

import { listHeading, ListHeadingFrame } from '../firstScreen/FirstScreen';

/**
 * While a screen loads (its chunk, the access check): at a list's address, the list's heading where the list
 * will draw it, as the first screen's frame drew it before the layout came, so that it stays in place;
 * elsewhere react-admin's loading sign.
 */
export const PageLoading = () => {
    const heading = listHeading(useLocation().pathname, useLocaleState()[0]);
    return heading ? <ListHeadingFrame heading={heading} /> : <Loading />;
};
