/** Loading gives up after 120 seconds, so a dead server shows an error instead of a spinner. */
export const LOAD_TIMEOUT_MS = 120_000;

/** `promise`, or a rejection with the message 'timeout' when it has not settled after LOAD_TIMEOUT_MS. */
export const withTimeout = <T>(promise: Promise<T>) =>
    new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('timeout')), LOAD_TIMEOUT_MS);
        promise.then(resolve, reject).finally(() => clearTimeout(timer));
    });
