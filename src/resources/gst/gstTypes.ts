import type { GstType } from '../../types';

/** The API accepts these three; they are names, not words to translate. */
export const gstTypes: { id: GstType; name: GstType }[] = [
    { id: 'CGST', name: 'CGST' },
    { id: 'SGST', name: 'SGST' },
    { id: 'IGST', name: 'IGST' },
];
