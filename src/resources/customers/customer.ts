/** GET /api/v1/customers: an account that is not staff, with its orders at a glance (amounts in rupees). */
export interface Customer {
    id: number;
    name: string;
    /** Null for a customer taken by phone only. */
    email: string | null;
    contactNo: string | null;
    address: string | null;
    pincode: string | null;
    gstin: string | null;
    businessName: string | null;
    status: number;
    orders: number;
    lifetimeSpend: number;
    lastOrderAt: string | null;
    createdAt: string;
}
