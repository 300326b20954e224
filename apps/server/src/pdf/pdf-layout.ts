import PDFDocument from 'pdfkit';

export type TPdf = PDFKit.PDFDocument;

/** Letter paper with 0.5 in margins; everything is laid out in points. */
export const PAGE = { margin: 36, width: 612, height: 792 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 18;

export const COLORS = { brand: '#B3122E', accent: '#FFC233', text: '#1F2328', muted: '#5F6670', rule: '#D0D4D9' };

/**
 * Renders a PDF: `draw` lays it out, the bytes are collected into one buffer. `compress: false` leaves the page
 * streams readable (tests look for text in them).
 */
export function renderPdf(title: string, draw: (doc: TPdf) => void, compress = true): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: PAGE.margin,
      compress,
      bufferPages: true,
      info: { Title: title, Producer: 'Open CPQ', Creator: 'Open CPQ' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica').fontSize(9).fillColor(COLORS.text);
    draw(doc);
    numberPages(doc, title);
    doc.end();
  });
}

/** 'Page n of m' and the title in every page's footer. */
function numberPages(doc: TPdf, title: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - PAGE.margin - 8;
    doc.font('Helvetica').fontSize(7).fillColor(COLORS.muted);
    doc.text(title, PAGE.margin, y, { width: CONTENT_WIDTH / 2, lineBreak: false, height: 10 });
    doc.text(`Page ${i + 1} of ${range.count}`, PAGE.margin + CONTENT_WIDTH / 2, y, {
      width: CONTENT_WIDTH / 2,
      align: 'right',
      lineBreak: false,
      height: 10,
    });
  }
}

/** The app's logo (the same mark as the web app's favicon), drawn as vectors `size` points square. */
export function drawLogo(doc: TPdf, x: number, y: number, size: number): void {
  doc.save();
  doc.translate(x, y).scale(size / 32);
  doc.roundedRect(0, 0, 32, 32, 8).fill(COLORS.brand);
  doc.lineWidth(2).lineJoin('round');
  doc.path('M16 6.5 24.5 11v10L16 25.5 7.5 21V11z').stroke('#FFFFFF');
  doc.path('M7.5 11 16 15.5 24.5 11M16 15.5v10').stroke(COLORS.accent);
  doc.restore();
}

/** Starts a new page when fewer than `needed` points are left; answers whether it did. */
export function ensureRoom(doc: TPdf, needed: number): boolean {
  if (doc.y + needed <= BOTTOM) return false;
  doc.addPage();
  return true;
}

/** A section heading with a rule under it. */
export function sectionHeading(doc: TPdf, text: string): void {
  ensureRoom(doc, 48);
  doc.moveDown(0.8);
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(11).fillColor(COLORS.brand).text(text, PAGE.margin, y);
  const ruleY = doc.y + 2;
  doc
    .moveTo(PAGE.margin, ruleY)
    .lineTo(PAGE.margin + CONTENT_WIDTH, ruleY)
    .lineWidth(0.5)
    .stroke(COLORS.rule);
  doc.y = ruleY + 6;
  doc.font('Helvetica').fontSize(9).fillColor(COLORS.text);
}

export type TLabelled = { label: string; value: string };

/**
 * Blocks of label/value pairs side by side (customer, billing, shipping): each block a column of equal width with
 * its own heading. The cursor ends under the tallest block.
 */
export function labelledColumns(doc: TPdf, blocks: { heading: string; rows: TLabelled[] }[]): void {
  const gap = 16;
  const width = (CONTENT_WIDTH - gap * (blocks.length - 1)) / blocks.length;
  ensureRoom(doc, 110);
  const top = doc.y;
  let bottom = top;
  blocks.forEach((block, index) => {
    const x = PAGE.margin + index * (width + gap);
    doc.font('Helvetica-Bold').fontSize(9).fillColor(COLORS.brand).text(block.heading, x, top, { width });
    let y = doc.y + 3;
    for (const row of block.rows) {
      doc.font('Helvetica').fontSize(7).fillColor(COLORS.muted).text(row.label, x, y, { width });
      doc.font('Helvetica').fontSize(9).fillColor(COLORS.text).text(row.value, x, doc.y, { width });
      y = doc.y + 3;
    }
    bottom = Math.max(bottom, y);
  });
  doc.x = PAGE.margin;
  doc.y = bottom;
}

export type TColumn = { header: string; width: number; align?: 'left' | 'right' };

const CELL_PAD = 4;

const NOTE_SIZE = 8;

/** Notes under a row run under every column but the last two (the amounts stay clear). */
const noteWidth = (columns: TColumn[]): number =>
  columns.slice(0, Math.max(1, columns.length - 2)).reduce((total, column) => total + column.width, 0);

/** Sets the font of a header row or of a body row. */
const rowFont = (doc: TPdf, isHeader: boolean): TPdf =>
  doc.font(isHeader ? 'Helvetica-Bold' : 'Helvetica').fontSize(isHeader ? 8 : 9);

/** The height of a row's cells and of its note (0 without one). */
function rowHeights(doc: TPdf, columns: TColumn[], cells: string[], isHeader: boolean, note: string | null) {
  rowFont(doc, isHeader);
  const heights = columns.map((column, i) =>
    doc.heightOfString(cells[i] ?? '', { width: column.width - 2 * CELL_PAD }),
  );
  const cellsHeight = Math.max(...heights) + 2 * CELL_PAD;
  if (note === null) return { cellsHeight, noteHeight: 0 };
  doc.font('Helvetica').fontSize(NOTE_SIZE);
  const noteHeight = doc.heightOfString(note, { width: noteWidth(columns) - 2 * CELL_PAD }) + CELL_PAD;
  return { cellsHeight, noteHeight };
}

function drawRow(doc: TPdf, columns: TColumn[], cells: string[], isHeader: boolean, note: string | null = null): void {
  const { cellsHeight, noteHeight } = rowHeights(doc, columns, cells, isHeader, note);
  const top = doc.y;
  if (isHeader) doc.rect(PAGE.margin, top, CONTENT_WIDTH, cellsHeight).fill('#F3F4F6');
  rowFont(doc, isHeader).fillColor(isHeader ? COLORS.muted : COLORS.text);
  let x = PAGE.margin;
  columns.forEach((column, i) => {
    doc.text(cells[i] ?? '', x + CELL_PAD, top + CELL_PAD, {
      width: column.width - 2 * CELL_PAD,
      align: column.align ?? 'left',
    });
    x += column.width;
  });
  if (note !== null) {
    doc.font('Helvetica').fontSize(NOTE_SIZE).fillColor(COLORS.muted);
    doc.text(note, PAGE.margin + CELL_PAD, top + cellsHeight - CELL_PAD / 2, {
      width: noteWidth(columns) - 2 * CELL_PAD,
    });
    rowFont(doc, false).fillColor(COLORS.text);
  }
  const bottom = top + cellsHeight + noteHeight;
  doc
    .moveTo(PAGE.margin, bottom)
    .lineTo(PAGE.margin + CONTENT_WIDTH, bottom)
    .lineWidth(0.5)
    .stroke(COLORS.rule);
  doc.x = PAGE.margin;
  doc.y = bottom;
}

/**
 * A table whose widths add up to the content width; the header row repeats on every page it runs onto. A row's
 * note (`notes[i]`, e.g. a line's configured options) is printed under its cells, in smaller type, on the same page.
 */
export function table(doc: TPdf, columns: TColumn[], rows: string[][], notes: readonly (string | null)[] = []): void {
  ensureRoom(doc, 40);
  const header = columns.map((column) => column.header);
  drawRow(doc, columns, header, true);
  rows.forEach((row, i) => {
    const note = notes[i] ?? null;
    const { cellsHeight, noteHeight } = rowHeights(doc, columns, row, false, note);
    if (ensureRoom(doc, cellsHeight + noteHeight)) drawRow(doc, columns, header, true);
    drawRow(doc, columns, row, false, note);
  });
}

/** Right-aligned label/value lines under a table (totals). */
export function totalsBlock(doc: TPdf, rows: TLabelled[]): void {
  ensureRoom(doc, 20 * rows.length + 10);
  doc.moveDown(0.4);
  for (const row of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(COLORS.text);
    doc.text(row.label, PAGE.margin + CONTENT_WIDTH - 240, y, { width: 130, align: 'right' });
    doc.text(row.value, PAGE.margin + CONTENT_WIDTH - 110, y, { width: 110, align: 'right' });
    doc.moveDown(0.2);
  }
  doc.x = PAGE.margin;
  doc.font('Helvetica').fontSize(9);
}

/**
 * The document's header: the logo, the company name, the title ('Quote #12'), an optional line under it ('Valid
 * until 12/24/2026') and label/value facts on the right (total, PO number, dates).
 */
export function documentHeader(
  doc: TPdf,
  header: { company: string; title: string; subtitle?: string; facts: TLabelled[] },
): void {
  const top: number = PAGE.margin;
  drawLogo(doc, PAGE.margin, top, 40);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(COLORS.text)
    .text(header.company, PAGE.margin + 50, top + 4, {
      width: 250,
    });
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(COLORS.brand)
    .text(header.title, PAGE.margin + 50, top + 20, {
      width: 250,
    });
  const titleBottom = doc.y;
  if (header.subtitle) {
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(COLORS.text)
      .text(header.subtitle, PAGE.margin + 50, titleBottom + 2, { width: 250 });
  }
  const leftBottom = doc.y;
  let y = top;
  const x = PAGE.margin + CONTENT_WIDTH - 220;
  for (const fact of header.facts) {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(fact.label, x, y + 1, { width: 90, align: 'right' });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(COLORS.text)
      .text(fact.value, x + 96, y, {
        width: 124,
        align: 'right',
      });
    y = Math.max(doc.y, y + 13);
  }
  doc.x = PAGE.margin;
  doc.y = Math.max(y, top + 48, leftBottom) + 8;
  doc
    .moveTo(PAGE.margin, doc.y)
    .lineTo(PAGE.margin + CONTENT_WIDTH, doc.y)
    .lineWidth(1.5)
    .stroke(COLORS.brand);
  doc.y += 8;
  doc.font('Helvetica').fontSize(9).fillColor(COLORS.text);
}
