import type { Components, Theme } from '@mui/material';

/** The aria-label react-admin gives a row's checkbox, as the checkbox's props carry it. */
type Labelled = { 'aria-label'?: string };

/**
 * What axe-core asked of Material UI's parts, for both themes:
 * - react-admin puts a row checkbox's aria-label on the checkbox's wrapper (a span, where the attribute is not
 *   allowed) and leaves the input itself nameless: the label moves to the input;
 * - a keyboard user sees where the focus is: a ring around any button, link or checkbox reached by Tab (the ripple
 *   alone is faint, and absent where ripples are off);
 * - a focused field's label reads on the filled input's grey (the primary green fell just short there);
 * - an empty list's 'No … yet' is written in the secondary text colour, not the disabled one;
 * - a disabled field's helper text (a picture's alt text before a picture is chosen says why it waits) stays
 *   readable: the secondary text colour, not the disabled grey.
 */
export const accessibleComponents = (focusedLabel: string): Components<Theme> => ({
    MuiCheckbox: {
        defaultProps: {
            slotProps: {
                root: { 'aria-label': undefined } as object,
                input: ((ownerState: Labelled) => ({ 'aria-label': ownerState['aria-label'] })) as never,
            },
        },
    },
    MuiButtonBase: {
        styleOverrides: {
            root: ({ theme }: { theme: Theme }) => ({
                '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
            }),
        },
    },
    RaEmpty: {
        styleOverrides: {
            root: ({ theme }: { theme: Theme }) => ({ '& .RaEmpty-message': { color: theme.palette.text.secondary } }),
        },
    },
    MuiFormHelperText: {
        styleOverrides: {
            root: ({ theme }: { theme: Theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
        },
    },
    MuiFormLabel: {
        styleOverrides: {
            root: { '&.Mui-focused:not(.Mui-error)': { color: focusedLabel } },
        },
    },
});
