import { useEffect } from 'react';
import { useFormState, type Control } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { useBlocker } from 'react-router-dom';

/** The navigation state a save's own redirect carries, so that leaving after a save is never questioned. */
export const SAVED_STATE = { _saved: true };

/**
 * Asks before leaving a form with unsaved changes (react-admin's `warnWhenUnsavedChanges`, which asks too
 * when the redirect after a successful save runs before the form knows it was saved). The redirects of
 * ResourceCreate and ResourceEdit carry SAVED_STATE and pass.
 */
export const WarnWhenUnsavedChanges = ({
    enable = true,
    formRootPathName,
    formControl,
}: {
    enable?: boolean;
    formRootPathName?: string;
    formControl?: Control;
}) => {
    const translate = useTranslate();
    const { isSubmitSuccessful, dirtyFields } = useFormState(formControl ? { control: formControl } : undefined);
    const safe = !enable || Object.keys(dirtyFields).length === 0 || isSubmitSuccessful;
    const blocker = useBlocker(({ currentLocation, nextLocation }) => {
        if (safe || (nextLocation.state as typeof SAVED_STATE | null)?._saved) return false;
        const root = formRootPathName || currentLocation.pathname;
        // Tabs of the same form are not leaving it.
        return !(nextLocation.pathname.startsWith(root) && !nextLocation.pathname.startsWith(`${root}/show`));
    });
    useEffect(() => {
        if (blocker.state !== 'blocked') return;
        if (safe || window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed();
        else blocker.reset();
        // The blocker object changes on every render; its state is what matters.
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [blocker.state]);
    useEffect(() => {
        if (safe) return;
        const warn = (event: BeforeUnloadEvent) => event.preventDefault();
        window.addEventListener('beforeunload', warn);
        return () => window.removeEventListener('beforeunload', warn);
    }, [safe]);
    return null;
};
