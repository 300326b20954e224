import {
  EM_DASH,
  formatCurrency,
  formatDate,
  formatPhone,
  isLineCounted,
  lineTotal,
  orDash,
  QUOTE_TYPE_LABEL,
  quoteTotalRows,
  quoteWaterfall,
  type TMoney,
  waterfallRows,
  waterfallText,
} from '@cpq/contracts';
import {
  CONTENT_WIDTH,
  documentHeader,
  labelledColumns,
  PAGE,
  renderPdf,
  sectionHeading,
  type TColumn,
  type TLabelled,
  type TPdf,
  table,
  totalsBlock,
} from './pdf-layout';

export type TPrintAddress = {
  address: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};

/** A Caption/Value answer; `Type` 5 or more is money. */
export type TPrintDetail = { Caption: string; Value: string; Type?: number | undefined };

export type TPrintLine = {
  partNumber: string | null;
  description: string | null;
  quantity: number;
  /** Unit price in dollars as a decimal string (numeric from PostgreSQL). */
  price: string;
  /** A configured line's options as chosen (its Details); empty for a fixed-price line. */
  details: TPrintDetail[];
  /** The rep marked it optional; `selected` false: the customer left it out, so it is not in the total. */
  optional?: boolean;
  selected?: boolean;
  /** The line discount in per cent, its list price and its price list's price (price-waterfall.ts). */
  discountPercent?: string;
  listPrice?: string | null;
  priceListPrice?: string | null;
};

/** Everything the printed quote, the write-up and the pricing documents show, loaded by the service. */
export type TPrintedQuote = {
  company: string;
  type: 1 | 2 | 3;
  quoteId: number;
  revision: number;
  printedAt: Date;
  /** The last day the quote's prices hold; null on an order, which has no validity. */
  validUntil: Date | null;
  totalCost: string;
  /** The quote discount in per cent. */
  discountPercent?: string;
  poNumber: string | null;
  projectName: string | null;
  status: string | null;
  contact: {
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phone: string | null;
    /** The customer's company, printed above the names when there is one. */
    companyName: string | null;
  };
  billing: TPrintAddress | null;
  shipping: TPrintAddress | null;
  /** The billing address has sameAsShipping: the shipping block is hidden. */
  isSameAsShipping: boolean;
  lines: TPrintLine[];
  communications: { date: Date; comment: string; username: string }[];
  /** The review (or write-up) step's answers. */
  answers: TPrintDetail[];
};

/** A line's extended price before discounts (the pricing document's): the money module's line total. */
const extended = (line: Pick<TPrintLine, 'price' | 'quantity'>): string => formatCurrency(lineTotal(line));

const detailValue = (detail: TPrintDetail): string =>
  detail.Type !== undefined && detail.Type >= 5 ? formatCurrency(detail.Value) : orDash(detail.Value);

/** 'Quote #12', 'Order #12': the printed document's title. */
export const titleOf = (quote: Pick<TPrintedQuote, 'type' | 'quoteId'>): string =>
  `${QUOTE_TYPE_LABEL[quote.type]} #${quote.quoteId}`;

function addressRows(address: TPrintAddress | null): TLabelled[] {
  return [
    { label: 'Address Line 1', value: orDash(address?.address) },
    { label: 'Address Line 2', value: orDash(address?.address2) },
    { label: 'City', value: orDash(address?.city) },
    { label: 'State', value: orDash(address?.state) },
    { label: 'Zip', value: orDash(address?.zip) },
  ];
}

const sameAddress = (a: TPrintAddress | null, b: TPrintAddress | null): boolean =>
  (['address', 'address2', 'city', 'state', 'zip'] as const).every((key) => (a?.[key] ?? '') === (b?.[key] ?? ''));

/** Customer, billing and shipping side by side: three columns, or two when the shipping block would repeat. */
function customerBlocks(doc: TPdf, quote: TPrintedQuote): void {
  const { contact } = quote;
  const blocks = [
    {
      heading: 'Customer',
      rows: [
        ...(contact.companyName ? [{ label: 'Company', value: contact.companyName }] : []),
        { label: 'First Name', value: orDash(contact.firstName) },
        { label: 'Last Name', value: orDash(contact.lastName) },
        { label: 'Email Address', value: orDash(contact.email) },
        { label: 'Phone Number', value: formatPhone(contact.phone) },
      ],
    },
  ];
  const isOneAddress = quote.isSameAsShipping || sameAddress(quote.billing, quote.shipping);
  blocks.push({
    heading: isOneAddress ? 'Billing and Shipping Address' : 'Billing Address',
    rows: addressRows(quote.billing),
  });
  if (!isOneAddress) blocks.push({ heading: 'Shipping Address', rows: addressRows(quote.shipping) });
  labelledColumns(doc, blocks);
}

const LINE_COLUMNS: TColumn[] = [
  { header: 'Part Number', width: 150 },
  { header: 'Description', width: 180 },
  { header: 'Quantity', width: 50, align: 'right' },
  { header: 'Unit Price', width: 75, align: 'right' },
  { header: 'Extended', width: CONTENT_WIDTH - 455, align: 'right' },
];

/** How an optional line is marked on the documents: whether the customer's choice has it in the total. */
export const OPTIONAL_MARK = { included: 'Optional, included', excluded: 'Optional, not included' } as const;

/**
 * The lines table's rows, each line's price waterfall in words (null when nothing changed its list price), and the
 * totals, as printed. A line's extended price is its amount after its own discount (price-waterfall.ts), so the lines
 * add up to the subtotal and, less the quote discount, to the total. An optional line the customer left out shows
 * its unit price and no extended price: it is not in the total.
 */
export function printedLines(
  quote: Pick<TPrintedQuote, 'totalCost' | 'discountPercent'> & { lines: readonly Omit<TPrintLine, 'details'>[] },
): { rows: string[][]; waterfalls: (string | null)[]; totals: TLabelled[]; total: string } {
  const waterfall = quoteWaterfall(quote.lines, quote.discountPercent);
  const waterfalls = waterfall.lines.map((line, index) => {
    const rows = waterfallRows(line, { line: quote.lines[index]?.discountPercent, quote: quote.discountPercent });
    return rows.length > 2 ? waterfallText(rows) : null;
  });
  return {
    rows: quote.lines.map((line, index) => [
      orDash(line.partNumber),
      orDash(line.description),
      String(line.quantity),
      formatCurrency(line.price),
      isLineCounted(line) ? formatCurrency(waterfall.lines[index]?.afterLineDiscount) : EM_DASH,
    ]),
    waterfalls,
    totals: quoteTotalRows({ ...waterfall, total: quote.totalCost }).map((row) => ({
      label: row.label,
      value: row.text,
    })),
    total: formatCurrency(quote.totalCost),
  };
}

/**
 * What is printed under a line: an optional line's mark (OPTIONAL_MARK), then its configured options, one
 * 'Caption: Value' a line; null when there is neither.
 */
export function lineOptionsNote(line: Pick<TPrintLine, 'details' | 'optional' | 'selected'>): string | null {
  const mark = line.optional ? [isLineCounted(line) ? OPTIONAL_MARK.included : OPTIONAL_MARK.excluded] : [];
  const notes = [...mark, ...line.details.map((detail) => `${detail.Caption}: ${detailValue(detail)}`)];
  return notes.length === 0 ? null : notes.join('\n');
}

function linesTable(doc: TPdf, quote: TPrintedQuote): void {
  sectionHeading(doc, 'Lines');
  const { rows, waterfalls, totals } = printedLines(quote);
  const notes = quote.lines.map((line, index) => {
    const parts = [lineOptionsNote(line), waterfalls[index] ?? null].filter((part) => part !== null);
    return parts.length === 0 ? null : parts.join('\n');
  });
  table(doc, LINE_COLUMNS, rows, notes);
  totalsBlock(doc, totals);
}

function answersTable(doc: TPdf, heading: string, answers: TPrintDetail[]): void {
  if (answers.length === 0) return;
  sectionHeading(doc, heading);
  table(
    doc,
    [
      { header: 'Item', width: 200 },
      { header: 'Value', width: CONTENT_WIDTH - 200 },
    ],
    answers.map((answer) => [answer.Caption, detailValue(answer)]),
  );
}

function communicationsList(doc: TPdf, quote: TPrintedQuote): void {
  sectionHeading(doc, 'Communications');
  if (quote.communications.length === 0) {
    doc.text(EM_DASH, PAGE.margin, doc.y);
    return;
  }
  table(
    doc,
    [
      { header: 'Date', width: 70 },
      { header: 'Comment', width: CONTENT_WIDTH - 200 },
      { header: 'Username', width: 130 },
    ],
    quote.communications.map((entry) => [formatDate(entry.date), entry.comment, entry.username]),
  );
}

function headerOf(quote: TPrintedQuote, title: string): Parameters<typeof documentHeader>[1] {
  return {
    company: quote.company,
    title,
    ...(quote.validUntil ? { subtitle: `Valid until ${formatDate(quote.validUntil)}` } : {}),
    facts: [
      { label: 'Total', value: formatCurrency(quote.totalCost) },
      { label: 'PO Number', value: orDash(quote.poNumber) },
      { label: 'Project', value: orDash(quote.projectName) },
      { label: 'Status', value: orDash(quote.status) },
      { label: 'Date', value: formatDate(quote.printedAt) },
      { label: 'Revision', value: String(quote.revision) },
    ],
  };
}

/** Lays out the printed quote's pages (also the first pages of the signed quote). */
export function drawPrintedQuote(doc: TPdf, quote: TPrintedQuote): void {
  documentHeader(doc, headerOf(quote, titleOf(quote)));
  customerBlocks(doc, quote);
  linesTable(doc, quote);
  answersTable(doc, 'Terms', quote.answers);
  communicationsList(doc, quote);
}

/** The printed quote of the Summary tab (spec section 2, "Print layout"). */
export function renderPrintedQuote(quote: TPrintedQuote, compress = true): Promise<Buffer> {
  return renderPdf(titleOf(quote), (doc) => drawPrintedQuote(doc, quote), compress);
}

/** The sales-order write-up: the order's terms first, then who, where and what. It is not an offer: no validity. */
export function renderWriteUp(quote: TPrintedQuote, compress = true): Promise<Buffer> {
  const title = `Sales Order Write-up #${quote.quoteId}`;
  return renderPdf(
    title,
    (doc) => {
      documentHeader(doc, headerOf({ ...quote, validUntil: null }, title));
      answersTable(doc, 'Order Details', quote.answers);
      sectionHeading(doc, 'Customer and Addresses');
      customerBlocks(doc, quote);
      linesTable(doc, quote);
    },
    compress,
  );
}

/** One priced component of a unit price, as the pricing document itemises it. */
export type TPriceItem = { caption: string; amount: TMoney };

export type TPricingLine = TPrintLine & {
  lineNumber: number;
  productName: string | null;
  /** Every priced component of the unit price; they add up exactly to `price`. */
  priceItems: TPriceItem[];
};

function priceTable(doc: TPdf, items: TPriceItem[]): void {
  if (items.length === 0) return;
  sectionHeading(doc, 'Price');
  table(
    doc,
    [
      { header: 'Component', width: CONTENT_WIDTH - 110 },
      { header: 'Amount', width: 110, align: 'right' },
    ],
    items.map((item) => [item.caption, formatCurrency(item.amount)]),
  );
}

/**
 * A configured line's pricing document: its configuration details, every priced component of its unit price
 * (adding up to it), the unit price, quantity and extended price.
 */
export function renderPricingDoc(
  quote: Pick<TPrintedQuote, 'company' | 'type' | 'quoteId' | 'revision' | 'printedAt'>,
  line: TPricingLine,
  compress = true,
): Promise<Buffer> {
  const title = `${titleOf(quote)} Line ${line.lineNumber} Pricing`;
  return renderPdf(
    title,
    (doc) => {
      documentHeader(doc, {
        company: quote.company,
        title: `${titleOf(quote)}, Line ${line.lineNumber}`,
        facts: [
          { label: 'Extended', value: extended(line) },
          { label: 'Date', value: formatDate(quote.printedAt) },
          { label: 'Revision', value: String(quote.revision) },
        ],
      });
      doc.font('Helvetica-Bold').fontSize(12).text(orDash(line.productName), PAGE.margin, doc.y);
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .text(`Part Number ${orDash(line.partNumber)}`);
      doc.font('Helvetica').fontSize(9).text(orDash(line.description));
      answersTable(doc, 'Configuration', line.details);
      priceTable(doc, line.priceItems);
      totalsBlock(doc, [
        { label: 'Unit Price', value: formatCurrency(line.price) },
        { label: 'Quantity', value: String(line.quantity) },
        { label: 'Extended', value: extended(line) },
      ]);
    },
    compress,
  );
}
