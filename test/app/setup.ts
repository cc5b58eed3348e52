import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The real server runs inside these tests (realApi.ts), where jsdom's ArrayBuffer is not Node's: Fastify, which
// tells a Buffer answer by `payload.buffer instanceof ArrayBuffer`, would take one for an object to serialize.
// The server gets Node's, as it has in production.
globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor;

// A screen's first render loads its lazy chunk; on a busy two-core machine that can take more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
});
