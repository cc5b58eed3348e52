import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PDF's text as poppler reads it, its layout kept, so a table row's cells stay on one line. */
export function pdfText(body: Buffer): string {
    const file = join(mkdtempSync(join(tmpdir(), 'pdf-')), 'doc.pdf');
    writeFileSync(file, body);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
