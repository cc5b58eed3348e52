import type { Identifier } from 'react-admin';

import type { HttpClient } from '../http/httpClient';

/** One delivery slot on one day, as GET /delivery-slots/available and /next-to-pack answer it. */
export interface SlotOccurrence {
    slotId: number;
    slotDate: string;
    name: string;
    startTime: string;
    endTime: string;
    startsAt: string;
    closesAt: string;
    capacity: number;
    taken: number;
    remaining: number;
    /** "Monday 30 November 2026, 18:00–20:00 (Evening)" */
    label: string;
}

export interface SlotMethods {
    availableSlots(): Promise<{ data: SlotOccurrence[] }>;
    nextSlotToPack(): Promise<{ data: { slot: SlotOccurrence | null; orderIds: number[] } }>;
    /** The server's message says the customer is told. */
    changeOrderSlot(id: Identifier, choice: { slotId: number; slotDate: string }): Promise<{ data: unknown; message?: string }>;
}

/**
 * Delivery slots beyond the templates' own list and form:
 * availableSlots  => GET /delivery-slots/available
 * nextSlotToPack  => GET /delivery-slots/next-to-pack
 * changeOrderSlot => POST /orderr/{id}/slot {slotId, slotDate}
 */
export const slotMethods = (apiUrl: string, httpClient: HttpClient): SlotMethods => ({
    availableSlots: async () => ({ data: (await httpClient(`${apiUrl}/delivery-slots/available`)).json.slots }),
    nextSlotToPack: async () => ({ data: (await httpClient(`${apiUrl}/delivery-slots/next-to-pack`)).json }),
    changeOrderSlot: async (id, choice) => {
        const { json } = await httpClient(`${apiUrl}/orderr/${encodeURIComponent(String(id))}/slot`, { method: 'POST', body: JSON.stringify(choice) });
        return { data: json.data, message: json.message };
    },
});
