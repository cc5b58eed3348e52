import { useCallback, type ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A progress bar or spinner is read out by its name, and one without a name is a serious finding (axe:
 * aria-progressbar-name). react-admin draws its own without one (a reference's value still loading after a
 * second, a list's first rows), so every one in the layout is named "Loading" in the staff's language unless it
 * says more itself (an upload's progress).
 */
export const NamedProgress = ({ children }: { children: ReactNode }) => {
    const translate = useTranslate();
    const named = useCallback((outer: Theme) => withProgressName(outer, translate('ra.page.loading')), [translate]);
    return <ThemeProvider theme={named}>{children}</ThemeProvider>;
};

/** A part's theme entry with `name` as its default aria-label, under any default the outer theme already gives. */
const namedPart = <Part extends { defaultProps?: object }>(part: Part | undefined, name: string) => ({
    ...part,
    defaultProps: { 'aria-label': name, ...part?.defaultProps },
});

const withProgressName = (outer: Theme, name: string): Theme => ({
    ...outer,
    components: {
        ...outer.components,
        MuiLinearProgress: namedPart(outer.components?.MuiLinearProgress, name),
        MuiCircularProgress: namedPart(outer.components?.MuiCircularProgress, name),
    },
});
