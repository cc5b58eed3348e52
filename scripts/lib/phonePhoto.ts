import sharp from 'sharp';

/** Shapes and a gradient under the noise, so a thumbnail has something to show, as a real photo's has. */
const scene = (width: number, height: number) => {
    const circles = Array.from({ length: 12 }, (_, i) => {
        const x = ((i * 7919) % 97) / 97;
        const y = ((i * 104729) % 89) / 89;
        return `<circle cx="${Math.round(x * width)}" cy="${Math.round(y * height)}" r="${Math.round(height / (4 + (i % 5)))}" fill="hsl(${i * 30},80%,50%)"/>`;
    }).join('');
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#2a6"/><stop offset="1" stop-color="#c42"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
};

/**
 * A phone photo as shops send them: a 4000 × 3000 JPEG (noise, so it weighs as a photo does) with the
 * camera's EXIF, a GPS position, and orientation 6 (the sensor was turned: upright it is 3000 × 4000).
 * Made with sharp for the image tests and the pictures benchmark.
 */
export async function phonePhoto(width = 4000, height = 3000, quality = 80): Promise<Buffer> {
    const noise = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
        .png({ compressionLevel: 1 })
        .toBuffer();
    return sharp(noise)
        .composite([{ input: Buffer.from(scene(width, height)), blend: 'overlay' }])
        .jpeg({ quality })
        .withMetadata({ orientation: 6 })
        .withExif({
            IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Artist: 'Shop Owner' },
            IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 50/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 12/1 30/1' },
        })
        .toBuffer();
}
