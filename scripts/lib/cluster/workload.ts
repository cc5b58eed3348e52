// The mixed workload the cluster test sends through the balancer while one instance is killed and restarted:
// catalogue writes with images, orders paid through the test provider, sign-ins by mailed code, a video
// upload, and readers. What was acknowledged is written in the ledger the checks read afterwards.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { SmtpSink } from '../smtpSink';
import type { Answer, Client } from './client';

export interface Ledger {
    /** Categories and banners whose create was answered 2xx, with the image the answer named. */
    images: Array<{ list: string; id: number; name: string; image: string }>;
    /** Orders whose placing was answered 201; `paid` when the payment's verification was answered 200. */
    orders: Array<{ id: number; email: string; paid: boolean }>;
    /** The video whose upload was answered 2xx, and the bytes sent. */
    video?: { id: number; url: string; bytes: Buffer };
    /** Sign-ins completed during the run (code mailed by one instance, checked by whichever answered). */
    signIns: number;
    counts: { sent: number; acknowledged: number; cutOff: number; refused: number };
    /** 5xx answers from an instance (not the balancer's own 502/503 for an instance it lost). */
    errors: string[];
    /** The first refusal of each kind of request, to tell a workload that stopped working from a shop that refuses rightly. */
    refusals: Map<string, string>;
}

export const newLedger = (): Ledger => ({ images: [], orders: [], signIns: 0, counts: { sent: 0, acknowledged: 0, cutOff: 0, refused: 0 }, errors: [], refusals: new Map() });

/** A picture of noise, different each time (so no two uploads are alike), as a phone would not send but a server must take. */
export const picture = () =>
    sharp({ create: { width: 160, height: 120, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
        .png()
        .toBuffer();

/** An MP4 as the video library accepts it: an ftyp box, then a free box filling it to `size` bytes of varied content. */
export function mp4(size: number): Buffer {
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
    const free = randomBytes(size - ftyp.length);
    free.writeUInt32BE(free.length, 0);
    free.write('free', 4);
    return Buffer.concat([ftyp, free]);
}

/** Whether an answer counts as acknowledged; a cut connection or the balancer's 502/503/504 is a cut-off. */
function settle(ledger: Ledger, what: string, answer: Answer | undefined): answer is Answer {
    ledger.counts.sent++;
    if (!answer || [502, 503, 504].includes(answer.status)) {
        ledger.counts.cutOff++;
        return false;
    }
    if (answer.status >= 500) ledger.errors.push(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    if (answer.status >= 300) {
        ledger.counts.refused++;
        if (!ledger.refusals.has(what)) ledger.refusals.set(what, `${answer.status} ${answer.text.slice(0, 200)}`);
        return false;
    }
    ledger.counts.acknowledged++;
    return true;
}

let serial = 0;

/** Creates a category or a banner with a picture. */
export async function writeCatalogue(client: Client, token: string, ledger: Ledger) {
    const n = ++serial;
    const list = n % 2 ? '/api/categories' : '/api/Baanner';
    const name = `Cluster ${n}`;
    const form = new FormData();
    form.append('name', name);
    form.append('description', `Written by the cluster test, number ${n}`);
    form.append('image', new Blob([new Uint8Array(await picture())], { type: 'image/png' }), 'photo.png');
    const answer = await client.call('POST', list, { token, form });
    if (!settle(ledger, `POST ${list}`, answer)) return;
    const data = answer.json<{ data: { id: number; image: string } }>().data;
    ledger.images.push({ list, id: data.id, name, image: data.image });
    const now = await client.call('GET', data.image);
    if (now && now.status !== 200 && now.status < 502) ledger.errors.push(`${data.image} answered ${now.status} right after its create was acknowledged (${ledger.images.length}th picture)`);
}

export interface Shopper {
    client: Client;
    email: string;
    token: string;
}

/** Places an order for one unit of a product and pays it on the test provider's checkout, step by step through the balancer. */
export async function orderAndPay(shopper: Shopper, productId: number, pincode: string, ledger: Ledger) {
    const { client, token, email } = shopper;
    const placed = await client.call('POST', '/api/orders', { token, json: { items: [{ productId, quantity: 1 }], pincode, paymentMethod: 'online' } });
    if (!settle(ledger, 'POST /api/orders', placed)) return;
    const order = { id: placed.json<{ data: { id: number } }>().data.id, email, paid: false };
    ledger.orders.push(order);
    const created = await client.call('POST', '/api/create-paymentorderr', { token, json: { orderId: order.id } });
    if (!settle(ledger, 'POST /api/create-paymentorderr', created)) return;
    const checkout = created.json<{ orderId: string }>().orderId;
    const paid = await client.call('POST', `/api/test-checkout/${checkout}`, { json: { outcome: 'pay' } });
    if (!settle(ledger, 'POST /api/test-checkout', paid)) return;
    const signed = paid.json<Record<string, string>>();
    const body = { order_id: signed.razorpay_order_id, payment_id: signed.razorpay_payment_id, signature: signed.razorpay_signature };
    const verified = await client.call('POST', '/api/verify-payment', { token, json: body });
    if (settle(ledger, 'POST /api/verify-payment', verified)) order.paid = true;
}

/** Uploads the video until an upload is acknowledged (a kill may cut one off). */
export async function uploadVideo(client: Client, token: string, bytes: Buffer, ledger: Ledger) {
    for (let attempt = 0; attempt < 5 && !ledger.video; attempt++) {
        const form = new FormData();
        form.append('tags', 'cluster');
        form.append('video', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), 'cluster.mp4');
        const answer = await client.call('POST', '/api/uploadvideo', { token, form });
        if (!settle(ledger, 'POST /api/uploadvideo', answer)) continue;
        const { id, url } = answer.json<{ video: { id: number; url: string } }>().video;
        ledger.video = { id, url, bytes };
    }
}

/** Reads the lists staff read most; only 5xx answers of an instance count against it. */
export async function read(client: Client, token: string, ledger: Ledger) {
    for (const url of ['/api/categories', '/api/products', '/api/orderr', '/api/Baanner']) settle(ledger, `GET ${url}`, await client.call('GET', url, { token }));
}

/** A sign-in by mailed code, as a customer who lost their token would. */
export async function signInAgain(shopper: Shopper, sink: SmtpSink, ledger: Ledger) {
    shopper.token = await shopper.client.signIn(shopper.email, sink);
    ledger.signIns++;
}
