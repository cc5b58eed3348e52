/**
 * Set while the page is being closed or reloaded: a request started then must outlive the page, so the
 * HTTP client marks it `keepalive` (the browser sends it after the page is gone; bodies up to 64 KiB).
 */
let leaving = false;

export const isLeaving = () => leaving;

export const setLeaving = (value: boolean) => {
    leaving = value;
};
