/** The API root; the built app is served by the API itself, so same origin by default. */
export const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';

/**
 * Where stored images are served from (a CDN or another host may serve them), e.g. `https://cdn.example.com`;
 * the API answers paths such as `/uploads/3f2a.png`. Same origin by default.
 */
export const IMAGE_URL: string = (import.meta.env.VITE_IMAGE_URL ?? '').replace(/\/$/, '');

/** A stored image's address for the browser: the path under `IMAGE_URL`; full URLs and previews pass through. */
export const imageUrl = (path: string): string => (/^(https?:|data:|blob:)/.test(path) || !path.startsWith('/') ? path : `${IMAGE_URL}${path}`);

/** The address a CSV names: always absolute, so that it still works outside the app. */
export const absoluteImageUrl = (path: string): string => new URL(imageUrl(path), window.location.origin).href;
