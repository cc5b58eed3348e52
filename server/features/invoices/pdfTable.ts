import { heightOf, write, type Pdf } from './pdfDocument';

export interface Column {
    title: string;
    width: number;
    align?: 'left' | 'right' | 'center';
}

const PAD = 3;
const LINE = '#9e9e9e';

function rule(doc: Pdf, x: number, y: number, width: number) {
    doc.moveTo(x, y).lineTo(x + width, y).lineWidth(0.5).strokeColor(LINE).stroke();
}

function rowHeight(doc: Pdf, columns: Column[], cells: string[], weight: 'regular' | 'bold') {
    return Math.max(...columns.map((column, i) => heightOf(doc, cells[i] ?? '', column.width - 2 * PAD, 9, weight))) + 2 * PAD;
}

function drawRow(doc: Pdf, columns: Column[], cells: string[], y: number, weight: 'regular' | 'bold') {
    let x = doc.page.margins.left;
    columns.forEach((column, i) => {
        write(doc, cells[i] ?? '', x + PAD, y + PAD, { width: column.width - 2 * PAD, align: column.align ?? 'left', weight });
        x += column.width;
    });
}

/**
 * A table from the cursor down, its header repeated at the top of each new page; a row never splits.
 * Answers where it ended.
 */
export function drawTable(doc: Pdf, columns: Column[], rows: string[][], top = doc.y): number {
    const left = doc.page.margins.left;
    const width = columns.reduce((total, column) => total + column.width, 0);
    const bottom = () => doc.page.height - doc.page.margins.bottom;
    const header = (y: number) => {
        const titles = columns.map((column) => column.title);
        const height = rowHeight(doc, columns, titles, 'bold');
        doc.rect(left, y, width, height).fillColor('#eeeeee').fill().fillColor('black');
        drawRow(doc, columns, titles, y, 'bold');
        rule(doc, left, y + height, width);
        return y + height;
    };
    let y = header(top);
    for (const cells of rows) {
        const height = rowHeight(doc, columns, cells, 'regular');
        if (y + height > bottom()) {
            doc.addPage();
            y = header(doc.page.margins.top);
        }
        drawRow(doc, columns, cells, y, 'regular');
        y += height;
        rule(doc, left, y, width);
    }
    doc.x = left;
    doc.y = y + 6;
    return doc.y;
}
