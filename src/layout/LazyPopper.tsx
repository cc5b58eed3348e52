import { forwardRef, lazy, Suspense, useState } from 'react';
import type { PopperProps } from '@mui/material/Popper';

/** MUI's Popper and the positioning engine under it (popper.js), fetched when a tooltip first opens. */
const Popper = lazy(() => import('@mui/material/Popper'));

/**
 * The Popper that MUI's Tooltip draws its label in, fetched when a tooltip first opens: every button of the app
 * bar and the menu has a tooltip, and the positioning engine weighs 9 kB of gzipped script in the first load,
 * for a label shown only on hover or focus. The Tooltip itself is there from the start (the button's accessible
 * name, its hover and focus handling); only its first label waits for this fetch, usually within the Tooltip's
 * own opening delay. The build hands this to MUI's Tooltip in place of its Popper (vite.config.ts).
 */
const LazyPopper = forwardRef<HTMLDivElement, PopperProps>(function LazyPopper(props, ref) {
    // Rendered from the first opening on, so that closing plays the Tooltip's transition as before.
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    if (!wanted && !props.keepMounted) return null;
    return (
        <Suspense fallback={null}>
            <Popper {...props} ref={ref} />
        </Suspense>
    );
});

export default LazyPopper;
