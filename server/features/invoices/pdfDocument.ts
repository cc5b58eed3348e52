import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// Noto Sans comes in subsets, one file each: Latin, Latin Extended and Devanagari (which also holds ₹). A PDF font
// has no fallback, so text is cut into runs by script and each run is set in the subset that has its glyphs:
// Hindi product names and customer names then render, as real text that can be searched and copied.
type Script = 'latin' | 'latinExt' | 'devanagari';
export type Weight = 'regular' | 'bold';

const require = createRequire(import.meta.url);
const FILES: Record<Script, string> = { latin: 'latin', latinExt: 'latin-ext', devanagari: 'devanagari' };
const WEIGHTS: Record<Weight, number> = { regular: 400, bold: 700 };

let fonts: Map<string, Buffer> | undefined;
/** The font files, read once per process (about 300 kB) rather than once per document. */
function fontFiles() {
    fonts ??= new Map(
        Object.entries(FILES).flatMap(([script, file]) =>
            Object.entries(WEIGHTS).map(([weight, number]) => [
                `${script}-${weight}`,
                readFileSync(require.resolve(`@fontsource/noto-sans/files/noto-sans-${file}-${number}-normal.woff`)),
            ]),
        ),
    );
    return fonts;
}

const scriptOf = (codePoint: number): Script => {
    if ((codePoint >= 0x0900 && codePoint <= 0x097f) || (codePoint >= 0x1cd0 && codePoint <= 0x1cff) || (codePoint >= 0xa8e0 && codePoint <= 0xa8ff)) return 'devanagari';
    if (codePoint === 0x20b9) return 'devanagari';
    if (codePoint <= 0xff || (codePoint >= 0x2000 && codePoint <= 0x206f)) return 'latin';
    return 'latinExt';
};

/** Text cut where its script changes; spaces, joiners and marks stay with the run they are in. */
export function scriptRuns(text: string): { script: Script; text: string }[] {
    const runs: { script: Script; text: string }[] = [];
    for (const char of text) {
        const codePoint = char.codePointAt(0)!;
        const neutral = char === ' ' || codePoint === 0x200c || codePoint === 0x200d;
        const last = runs.at(-1);
        const script = neutral && last ? last.script : scriptOf(codePoint);
        if (last?.script === script) last.text += char;
        else runs.push({ script, text: char });
    }
    return runs;
}

export type Pdf = PDFKit.PDFDocument;

/** An A4 document (or another size, e.g. an A6 label) with the fonts registered, its title and author in its properties. */
export function newPdf(title: string, author: string, { size = 'A4', margin = 40 }: { size?: 'A4' | 'A6'; margin?: number } = {}): Pdf {
    const doc = new PDFDocument({ size, margin, info: { Title: title, Author: author, Creator: 'Grocer back-office' }, bufferPages: false });
    for (const [name, file] of fontFiles()) doc.registerFont(name, file);
    doc.font('latin-regular');
    return doc;
}

export interface TextOptions extends PDFKit.Mixins.TextOptions {
    weight?: Weight;
    size?: number;
}

/**
 * Writes text at (x, y), or where the last text ended when they are left out, in as many runs as it has scripts.
 * Right-aligned and centred text should be one script (amounts are): a run is aligned on its own.
 */
export function write(doc: Pdf, text: string, x?: number, y?: number, options: TextOptions = {}) {
    const { weight = 'regular', size = 9, ...rest } = options;
    doc.fontSize(size);
    const runs = scriptRuns(text || ' ');
    runs.forEach((run, index) => {
        doc.font(`${run.script}-${weight}`);
        const continued = index < runs.length - 1;
        if (index === 0 && x !== undefined) doc.text(run.text, x, y, { ...rest, continued });
        else doc.text(run.text, { ...rest, continued });
    });
    doc.font('latin-regular');
}

/** The height `text` takes in a box `width` wide (measured in the Latin face; Devanagari runs are of like height). */
export function heightOf(doc: Pdf, text: string, width: number, size = 9, weight: Weight = 'regular') {
    doc.font(`latin-${weight}`).fontSize(size);
    return doc.heightOfString(text || ' ', { width });
}

/** Rupees from paise as an Indian invoice writes them: 1,23,456.78. */
export const amount = (paise: number) => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A date and time on the shop's clock (Settings → time zone), with the zone's short name, as 25 Nov 2026, 14:05 IST:
 * the same moment the order screens show, printed for a customer who may read it elsewhere.
 */
export const shopDateTime = (iso: string, zone: string) =>
    new Intl.DateTimeFormat('en-IN', { timeZone: zone, day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' })
        .format(new Date(iso));

/** The document's bytes, for a mail's attachment (a reply streams the document instead). */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
    return new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        doc.on('data', (chunk: Buffer) => chunks.push(chunk));
        doc.on('end', () => resolve(Buffer.concat(chunks)));
        doc.on('error', reject);
    });
}
