export const nowIso = () => new Date().toISOString();
export const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
