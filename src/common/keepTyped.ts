/**
 * A form's `resetOptions`: a fresher record (the server's answer arriving after the list's copy was shown,
 * a refetch, a picture saved beside the form) updates only the fields nobody has touched, so what was typed
 * meanwhile stays. react-admin's default puts every field back to the record.
 */
export const KEEP_TYPED = { keepDirtyValues: true } as const;
