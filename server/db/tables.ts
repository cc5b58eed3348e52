import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { OrderLine } from '../../schema/orderLine';
import type { EntityTables, SetTables } from './entityTables';

// Column names are camelCase here; the CamelCasePlugin maps them to snake_case in SQL.
// Timestamps are ISO-8601 strings in both dialects, so they sort and compare the same way.

export interface UsersTable {
    id: Generated<number>;
    name: string;
    /** Null for a customer staff added with only a phone: they cannot sign in and are sent no mail. */
    email: string | null;
    contactNo: string | null;
    address: string | null;
    pincode: string | null;
    /** A business customer's GSTIN and business name: their orders get B2B tax invoices naming them. */
    gstin: Generated<string | null>;
    businessName: Generated<string | null>;
    passwordHash: string | null;
    roleId: number;
    /** 1 active, 0 disabled (no session works for a disabled account). */
    status: Generated<number>;
    createdAt: string;
    updatedAt: string;
}

export interface LoginCodesTable {
    id: Generated<number>;
    email: string;
    codeHash: string;
    /** Tries at the code from anywhere, each taken before its guess is compared; at five it is spent. */
    attempts: number;
    /** The device token's id the code was asked with, or null (unknown devices): only that device may use it. */
    device: string | null;
    expiresAt: string;
    usedAt: string | null;
    createdAt: string;
}

export interface SessionsTable {
    id: Generated<number>;
    tokenHash: string;
    userId: number;
    expiresAt: string;
    revokedAt: string | null;
    createdAt: string;
}

/** A product's gallery, in `position` order. */
export interface ProductImagesTable {
    id: Generated<number>;
    productId: number;
    image: string;
    position: number;
    /** The picture described for who cannot see it; null when none was given. */
    alt: string | null;
}

/** Every table: the entities' and their sets' worked out from their schemas (entityTables.ts), the others written here. */
export interface Database extends EntityTables, SetTables {
    users: UsersTable;
    loginCodes: LoginCodesTable;
    sessions: SessionsTable;
    productImages: ProductImagesTable;
    passwordResetTokens: PasswordResetTokensTable;
    profiles: ProfilesTable;
    contactMessages: ContactMessagesTable;
    videos: VideosTable;
    orders: OrdersTable;
    orderLines: OrderLinesTable;
    slotBookings: SlotBookingsTable;
    orderStatusHistory: OrderStatusHistoryTable;
    invoiceCounters: InvoiceCountersTable;
    creditNotes: CreditNotesTable;
    creditNoteLines: CreditNoteLinesTable;
    creditNoteCounters: InvoiceCountersTable;
    payments: PaymentsTable;
    testProviderCharges: TestProviderChargesTable;
    mailQueue: MailQueueTable;
    deletions: DeletionsTable;
    signInFailures: SignInFailuresTable;
    passwordResetRequests: PasswordResetRequestsTable;
    listState: ListStateTable;
    appSecrets: AppSecretsTable;
    webhookEndpoints: WebhookEndpointsTable;
    webhookDeliveries: WebhookDeliveriesTable;
    idempotencyKeys: IdempotencyKeysTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Category = Selectable<Database['categories']>;
export type NewCategory = Insertable<Database['categories']>;
export type CategoryUpdate = Updateable<Database['categories']>;
export type Subcategory = Selectable<Database['subcategories']>;
export type Attribute = Selectable<Database['attributes']>;
export type GstRate = Selectable<Database['gstRates']>;
export type Product = Selectable<Database['products']>;
export type NewProduct = Insertable<Database['products']>;
export type Pincode = Selectable<Database['pincodes']>;

/** A password reset link: only the digest of its token is kept; single use, 30 minutes. */
export interface PasswordResetTokensTable {
    id: Generated<number>;
    userId: number;
    tokenHash: string;
    expiresAt: string;
    usedAt: string | null;
    createdAt: string;
}

/** What a staff member's profile adds to their user row. */
export interface ProfilesTable {
    userId: number;
    jobTitle: string | null;
    company: string | null;
    country: string | null;
    about: string | null;
    profileImage: string | null;
    twitter: string | null;
    facebook: string | null;
    instagram: string | null;
    linkedin: string | null;
    /** 1: mail me when my password changes. */
    securityAlerts: Generated<number>;
    /** 1: mail me each new contact message. */
    contactAlerts: Generated<number>;
    updatedAt: string;
}

/** A message sent through the contact form; `read` 1 once staff marked it read. */
export interface ContactMessagesTable {
    id: Generated<number>;
    name: string;
    email: string;
    contactNo: string;
    subject: string | null;
    message: string;
    read: Generated<number>;
    readAt: string | null;
    readBy: number | null;
    createdAt: string;
    /** When it came, or was last marked read or unread (null only for a row written before the column). */
    updatedAt: string | null;
}

/** A tombstone: a row of `resource` (its /api/v1 name) deleted at `deletedAt`, written in the delete's transaction. */
export interface DeletionsTable {
    id: Generated<number>;
    resource: string;
    recordId: number;
    deletedAt: string;
}

/** An uploaded video: `filename` is the display name, `storedName` the file under DATA_DIR/videos/. */
export interface VideosTable {
    id: Generated<number>;
    filename: string;
    storedName: string;
    /** Bytes. */
    size: number;
    /** Comma-separated, as staff typed them. */
    tags: Generated<string>;
    status: Generated<number>;
    mimeType: string;
    createdBy: number | null;
    createdAt: string;
    updatedAt: string;
}

export type Video = Selectable<VideosTable>;

export type OrderStatus = 'placed' | 'paid' | 'packed' | 'out_for_delivery' | 'delivered' | 'cancelled' | 'refunded';
export type PaymentMethod = 'online' | 'cod';

/** An order; every amount in paise, the customer's name and e-mail copied as ordered. */
export interface OrdersTable {
    id: Generated<number>;
    customerId: number;
    customerName: string;
    /** Null when the customer has no e-mail (added by staff with only a phone). */
    customerEmail: string | null;
    /** The customer's phone when they ordered, for the rider. */
    customerPhone: Generated<string | null>;
    /** What staff tell the rider (gate code, call first). */
    deliveryNote: Generated<string | null>;
    pincode: string;
    address: string | null;
    paymentMethod: PaymentMethod;
    status: OrderStatus;
    /** The lines' totals, GST included. */
    subtotal: number;
    /** The GST part of the subtotal. */
    taxTotal: number;
    deliveryCharge: number;
    discount: number;
    totalPrice: number;
    couponCode: string | null;
    paidAt: string | null;
    paymentReference: string | null;
    /** The provider's refund id (rfnd_…), or 'manual' for cash handed back; set with refundedAt. */
    refundReference: string | null;
    refundedAt: string | null;
    /** The tax invoice's number (`INV/26-27/000123`), given once when the order is paid or, cash on delivery, delivered. */
    invoiceNumber: string | null;
    invoicedAt: string | null;
    /** The seller as the invoice names it (JSON of InvoiceSeller), kept as the settings were when it was made. */
    invoiceSeller: string | null;
    /** The state the order was delivered in, as its invoice names it. */
    placeOfSupply: string | null;
    /** The buyer as the invoice names them (JSON of InvoiceBuyer), kept when it was made. */
    invoiceBuyer: Generated<string | null>;
    /** The delivery slot booked (a deliverySlots row) and the shop's day it runs on (YYYY-MM-DD); null when none. */
    slotId: Generated<number | null>;
    slotDate: Generated<string | null>;
    createdAt: string;
    updatedAt: string;
}

/** Places taken in a delivery slot on one day; orders take and give back places with conditional updates. */
export interface SlotBookingsTable {
    slotId: number;
    slotDate: string;
    taken: Generated<number>;
}

/** A product as sold: name and price copied, so catalogue edits leave the order alone. */
export interface OrderLinesTable extends OrderLine {
    id: Generated<number>;
    orderId: number;
    /** Units this line took from its product's stock; 0 when untracked, and again once they are put back. */
    stockTaken: Generated<number>;
    /** The product's HSN code, copied when the order's invoice is made. */
    hsn: string | null;
    /** The product's MRP in paise, copied with its HSN code when the invoice is made; null for none. */
    mrp: number | null;
    /** This line's share of the order's coupon discount, in paise; its `tax` is that of lineTotal − discount. */
    discount: Generated<number>;
}

/** The last invoice number given in a financial year (`2026-27`). */
export interface InvoiceCountersTable {
    financialYear: string;
    lastNumber: number;
}

/** A credit note (`CN/26-27/000001`): what a cancellation or refund gives back of an invoice, in paise. */
export interface CreditNotesTable {
    id: Generated<number>;
    number: string;
    orderId: number;
    issuedAt: string;
    /** The invoice it reverses, as that was issued. */
    invoiceNumber: string;
    invoicedAt: string;
    reason: string;
    kind: 'cancelled' | 'refunded' | 'partial';
    /** The provider's refund id, 'manual' for cash handed back, null when no money was taken. */
    refundReference: string | null;
    /** What was handed back with it (a payment taken in whole rupees may differ from the total by paise). */
    refundAmount: Generated<number>;
    total: number;
}

/** What a credit note reverses of one invoice line (its place on the invoice, from 0). */
export interface CreditNoteLinesTable {
    id: Generated<number>;
    creditNoteId: number;
    lineIndex: number;
    name: string;
    hsn: string | null;
    gstPercent: number;
    quantity: number;
    taxable: number;
    cgst: number;
    sgst: number;
    igst: number;
    lineTotal: number;
}

export interface OrderStatusHistoryTable {
    id: Generated<number>;
    orderId: number;
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    note: string | null;
    changedBy: number | null;
    changedByName: string | null;
    createdAt: string;
}

/** A payment asked of the provider: a checkout order (`order`) or a payment link (`link`). Amount in paise. */
export interface PaymentsTable {
    id: Generated<number>;
    orderId: number | null;
    userId: number | null;
    provider: string;
    kind: 'order' | 'link';
    providerOrderId: string;
    providerPaymentId: string | null;
    amount: number;
    currency: string;
    status: 'created' | 'paid';
    shortUrl: string | null;
    paidAt: string | null;
    createdAt: string;
}

/** The built-in test provider's side: what it was asked to charge, whether the customer paid, and its refunds (payment_id the refunded payment). */
export interface TestProviderChargesTable {
    id: string;
    kind: 'order' | 'link' | 'refund';
    amount: number;
    currency: string;
    description: string | null;
    /** A payment link the shop replaced (its order changed) is `cancelled`: it can no longer be paid. */
    status: 'created' | 'paid' | 'failed' | 'processed' | 'cancelled';
    paymentId: string | null;
    /** Where a paid payment link sends the customer back. */
    callbackUrl: string | null;
    createdAt: string;
}

/** A mail waiting to be sent (or sent: `sentAt`); retried with a growing wait while the mail server refuses it. */
export interface MailQueueTable {
    id: Generated<number>;
    toAddress: string;
    subject: string;
    body: string;
    attempts: Generated<number>;
    nextAttemptAt: string;
    /** A worker's lease on the row while it sends it. */
    lockedUntil: string | null;
    sentAt: string | null;
    lastError: string | null;
    /** The order and step (an order status) a customer's mail tells of; unique together. */
    orderId: number | null;
    kind: string | null;
    /** The HTML part beside the plain text, when the mail has one. */
    html: string | null;
    /** The display name to send the mail in (the shop's), else the configured sender's. */
    fromName: string | null;
    createdAt: string;
}

/** An integrator's address that events are posted to, signed with its secret. */
export interface WebhookEndpointsTable {
    id: Generated<number>;
    url: string;
    /** The event names it takes, as a JSON array. */
    events: string;
    secret: string;
    active: Generated<number>;
    createdAt: string;
    updatedAt: string;
}

/** One event for one endpoint: queued, retried with growing waits, then kept as the endpoint's delivery log. */
export interface WebhookDeliveriesTable {
    id: Generated<number>;
    endpointId: number;
    event: string;
    /** The event's id, the same for every endpoint it goes to: a receiver's key against doing it twice. */
    eventId: string;
    /** The JSON body exactly as it is signed and sent. */
    payload: string;
    attempts: Generated<number>;
    nextAttemptAt: string;
    /** A worker's lease on the row while it posts it. */
    lockedUntil: string | null;
    deliveredAt: string | null;
    /** The endpoint's last answer (null when it could not be reached). */
    statusCode: number | null;
    lastError: string | null;
    /** The start of the endpoint's last answer, no more. */
    responseExcerpt: string | null;
    createdAt: string;
}

/** Consecutive wrong sign-in codes for one address from one budget; reset by a right one from that budget. */
export interface SignInFailuresTable {
    email: string;
    /** Whose budget: '*' for every unknown device together, or 'device:<id>' for a device token. */
    client: string;
    failures: number;
    lockedUntil: string | null;
    updatedAt: string;
}

/** The last forgot-password request per address, registered or not. */
export interface PasswordResetRequestsTable {
    email: string;
    requestedAt: string;
}

/** One row per list table: a version every write bumps (totals are kept until it moves) and its text index. */
export interface ListStateTable {
    tableName: string;
    version: number;
    /** 'fts5' (SQLite: `<table>_search`), 'trgm' (PostgreSQL GIN indexes) or null. */
    textIndex: string | null;
}

/** Keys every instance shares, made once by the first that needs one (server/infra/secrets.ts). */
export interface AppSecretsTable {
    name: string;
    value: string;
    createdAt: string;
}

/** A caller's Idempotency-Key: held while its request runs, then the answer replayed to a retry (a day). */
export interface IdempotencyKeysTable {
    /** Whose key: `user:<id>`, or `client:<address>` on a public route. */
    scope: string;
    key: string;
    /** SHA-256 of the method, the address and the body (files by their bytes' digests). */
    fingerprint: string;
    /** 'committed': its work committed in the write's own transaction, the answer not yet saved. */
    state: 'running' | 'committed' | 'done';
    statusCode: number | null;
    /** The answer's body as JSON (null when it had none). */
    responseBody: string | null;
    /** The ids its run's writes committed, in order, as a JSON array: a retry answers from them, never writes again. */
    written: string | null;
    /** Which run holds the key: only it may save or release it. */
    claimToken: string;
    /** When that run claimed or last renewed it: a lease, so a crashed run's key is taken over. */
    claimedAt: string;
    createdAt: string;
}
