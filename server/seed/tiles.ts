import { crc32, deflateSync } from 'node:zlib';

// Demo pictures drawn in code: a soft tinted tile with one anti-aliased shape and its shadow.
// Signed distance functions over [-1, 1]²: negative inside the shape.
export type Shape = 'circle' | 'square' | 'diamond' | 'ring' | 'pill';

const SHAPES: Record<Shape, (x: number, y: number) => number> = {
    circle: (x, y) => Math.hypot(x, y) - 0.5,
    square: (x, y) => Math.hypot(Math.max(Math.abs(x) - 0.32, 0), Math.max(Math.abs(y) - 0.32, 0)) - 0.12,
    diamond: (x, y) => (Math.abs(x) + Math.abs(y)) / Math.SQRT2 - 0.4,
    ring: (x, y) => Math.abs(Math.hypot(x, y) - 0.42) - 0.13,
    pill: (x, y) => Math.hypot(Math.max(Math.abs(x) - 0.3, 0), y) - 0.3,
};

/** HSL (hue in degrees, saturation and lightness 0..1) to RGB bytes. */
function rgb(h: number, s: number, l: number): number[] {
    const f = (n: number) => {
        const k = (n + h / 30) % 12;
        return Math.round(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
    };
    return [f(0), f(8), f(4)];
}

const mix = (a: number[], b: number[], t: number) => a.map((v, i) => Math.round(v + (b[i] - v) * Math.min(1, Math.max(0, t))));

function chunk(type: string, data: Buffer): Buffer {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const frame = Buffer.alloc(body.length + 8);
    frame.writeUInt32BE(data.length, 0);
    body.copy(frame, 4);
    frame.writeUInt32BE(crc32(body), body.length + 4);
    return frame;
}

/**
 * Drawn tiles by hue, shape and size. A tile is pure and takes about 90 ms to draw: the demo shop draws the same
 * ones for every app that seeds it, and a server test file may seed several (a tenth of the orders file's CPU).
 */
const drawn = new Map<string, Buffer>();

/** A `size`×`size` RGB PNG of a `shape` in the colour of `hue`. */
export function tile(hue: number, shape: Shape, size = 256): Buffer {
    const key = `${hue} ${shape} ${size}`;
    let png = drawn.get(key);
    if (!png) drawn.set(key, (png = draw(hue, shape, size)));
    return png;
}

function draw(hue: number, shape: Shape, size: number): Buffer {
    const [paper, ink, shadow] = [rgb(hue, 0.55, 0.93), rgb(hue, 0.5, 0.6), rgb(hue, 0.3, 0.8)];
    const raw = Buffer.alloc((size * 3 + 1) * size);
    const edge = 2 / size;
    for (let py = 0; py < size; py++) {
        raw[py * (size * 3 + 1)] = 0; // no PNG row filter
        for (let px = 0; px < size; px++) {
            const [x, y] = [(px / size) * 2 - 1, (py / size) * 2 - 1];
            const background = mix(paper, [255, 255, 255], 0.5 - y * 0.5);
            const shaded = mix(background, shadow, 0.6 - SHAPES[shape](x - 0.05, y - 0.07) / 0.12);
            const lit = mix(ink, [255, 255, 255], 0.45 - Math.hypot(x + 0.25, y + 0.3) * 0.6);
            raw.set(mix(shaded, lit, 0.5 - SHAPES[shape](x, y) / edge), py * (size * 3 + 1) + 1 + px * 3);
        }
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(size, 0);
    header.writeUInt32BE(size, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no interlace
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
