import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A screen's first render loads its lazy chunk; on a busy two-core machine that can take more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
});
