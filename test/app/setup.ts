import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The real server runs inside these tests (realApi.ts), where jsdom's ArrayBuffer is not Node's: Fastify, which
// tells a Buffer answer by `payload.buffer instanceof ArrayBuffer`, would take one for an object to serialize.
// The server gets Node's, as it has in production.
globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor;

/** Testing Library's own error, which prints the document into its message. */
const printedError = getConfig().getElementError;

/**
 * A query that fails inside `waitFor` or `findBy…` is tried again every 50 ms and only its last failure is shown,
 * yet Testing Library printed the whole document into each failure's message: a tenth of the app suite's time.
 * While it retries (the flag it sets around each try) the message is left bare; the message shown at the timeout,
 * which Testing Library builds again, is its own, with the print.
 */
function getElementError(message: string | null, container: Element): Error {
    const retrying = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics;
    if (!retrying) return printedError(message, container);
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
}

// A screen's first render loads its lazy chunk; on a busy two-core machine that can take more than the default 1 s.
configure({ asyncUtilTimeout: 5000, getElementError });

afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
});
