import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/**
 * Keeps the browser tab's title on the page shown: react-admin draws every page's title into the app bar
 * (`#react-admin-title`); the tab reads 'Products · Grocer Back-office' from there.
 */
export const DocumentTitle = () => {
    const translate = useTranslate();
    const appName = translate('app.name');
    useEffect(() => {
        const update = () => {
            const page = document.getElementById('react-admin-title')?.textContent?.trim();
            const title = page && page !== appName ? `${page} · ${appName}` : appName;
            if (document.title !== title) document.title = title;
        };
        update();
        const observer = new MutationObserver(update);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        return () => observer.disconnect();
    }, [appName]);
    return null;
};
