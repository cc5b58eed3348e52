// Not run again on PostgreSQL: renders one invoice; the counter's races run there in invoices.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../schema/gstin';
import { basket, orderShop, placed } from './orderShop';

// The invoice looked at as a picture: rendered by pdftoppm (poppler) as a reader's viewer would, and read back by
// pdftotext. Its widest form (a coupon's Discount column, CGST and SGST, an 8-digit HSN code) must fit the page.

const GSTIN = `29AAACF1234A1Z${gstinCheckCharacter('29AAACF1234A1Z')}`;

/** A binary PGM (P5) as pdftoppm -gray writes it: width, height and one byte a pixel. */
function readPgm(file: string) {
    const bytes = readFileSync(file);
    const header = bytes.subarray(0, 64).toString('latin1').match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
    if (!header) throw new Error('not a PGM');
    const [, width, height] = header.map(Number);
    return { width, height, pixels: bytes.subarray(header[0].length) };
}

describe('the invoice as a picture', () => {
    it('renders to a PNG with every column inside the page, and reads back with its discounted figures', { timeout: 60_000 }, async () => {
        const shop = await orderShop();
        const set = await shop.admin('POST', '/api/settings', { website: 'https://freshbasket.test', legalName: 'Fresh Basket Retail Pvt Ltd', gstin: GSTIN, state: 'Karnataka', address: '12 MG Road, Bengaluru' });
        expect(set.statusCode, set.body).toBe(201);
        for (const [id, hsn] of [[1, '08081000'], [2, '04059020']] as const) expect((await shop.admin('POST', `/api/products/${id}`, { hsn })).statusCode).toBe(200);
        const order = await placed(shop.asha, { ...basket, couponCode: 'SAVE10', paymentMethod: 'cod' });
        for (const status of ['packed', 'out_for_delivery', 'delivered']) expect((await shop.admin('POST', `/api/orderr/${order.id}/status`, { status })).statusCode).toBe(200);
        const pdf = await shop.asha('GET', `/api/orderr/${order.id}/invoice`);
        expect(pdf.statusCode).toBe(200);

        const dir = mkdtempSync(join(tmpdir(), 'invoice-picture-'));
        const file = join(dir, 'invoice.pdf');
        writeFileSync(file, pdf.rawPayload);
        // A PNG, as a person would look at it: A4 (595 × 842 points) at 100 dpi is 827 × 1170 pixels.
        execFileSync('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'page')]);
        const png = readFileSync(join(dir, 'page.png'));
        expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([827, 1170]);

        // The same page in grey at 72 dpi (a pixel a point): ink on the page, none in the 40-point side margins, so the
        // widest table (the Discount column added) is not cut off at the right edge.
        execFileSync('pdftoppm', ['-gray', '-r', '72', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'grey')]);
        const { width, height, pixels } = readPgm(join(dir, 'grey.pgm'));
        expect([width, height]).toEqual([596, 842]); // A4 is 595.28 × 841.89 points
        const inkIn = (x0: number, x1: number) => {
            let ink = 0;
            for (let y = 0; y < height; y++) for (let x = x0; x < x1; x++) if (pixels[y * width + x] < 128) ink++;
            return ink;
        };
        expect(inkIn(40, 555)).toBeGreaterThan(2000);
        expect(inkIn(0, 36)).toBe(0);
        expect(inkIn(559, width)).toBe(0);

        // Read back: the title, each line's discount and discounted taxable value and tax, an 8-digit HSN code whole.
        const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
        expect(text).toContain('TAX INVOICE');
        expect(text).toMatch(/Discount/);
        // (A long item name wraps within its column; the HSN code beside it does not.)
        expect(text).toMatch(/Shimla Apples 1(?: kg)?\s+08081000\s+3 NOS\s+189\.00\s+-56\.71\s+485\.99\s+5%\s+12\.15\s+12\.15\s+510\.29/);
        expect(text).toMatch(/Desi Ghee 1 L\s+04059020\s+1 NOS\s+549\.99\s+-54\.99\s+419\.49\s+18%\s+37\.76\s+37\.75\s+495\.00/);
        expect(text).toMatch(/Total \(₹\)\s+1,030\.79/);
        expect(text).toMatch(/Amount in words: .*One Thousand Thirty/i);
    });
});
