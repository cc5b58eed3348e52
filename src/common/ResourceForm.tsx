import type { ReactNode } from 'react';
import { SimpleForm } from 'react-admin';

import { KEEP_TYPED } from './keepTyped';
import { SaveToolbar } from './SaveToolbar';
import { WarnWhenUnsavedChanges } from './WarnWhenUnsavedChanges';

/**
 * The create and edit form of a catalogue entity: one column of inputs, Save and Cancel; leaving it with
 * unsaved changes asks first. The browser's own checks (min, step) are off so that the inputs' validators
 * say what is wrong, in our words.
 */
export const ResourceForm = ({ children, maxWidth = 600 }: { children: ReactNode; maxWidth?: number }) => (
    // Our WarnWhenUnsavedChanges as a child, not SimpleForm's WarnWhenUnsavedChangesComponent: SimpleForm hands
    // that prop on to its Stack, and so to the DOM.
    <SimpleForm resetOptions={KEEP_TYPED} toolbar={<SaveToolbar />} sx={{ maxWidth }} noValidate>
        <WarnWhenUnsavedChanges />
        {children}
    </SimpleForm>
);
