/** The API root; the built app is served by the API itself, so same origin by default. */
export const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';
