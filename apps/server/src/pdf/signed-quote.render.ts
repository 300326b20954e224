import { formatCurrency, formatDate, PORTAL_CONSENT_TEXT } from '@cpq/contracts';
import { drawPrintedQuote, type TPrintedQuote, titleOf } from './documents.render';
import {
  COLORS,
  CONTENT_WIDTH,
  documentHeader,
  PAGE,
  renderPdf,
  sectionHeading,
  type TLabelled,
  type TPdf,
} from './pdf-layout';

/** A customer's acceptance as its page prints it: plain data (it is structured-cloned into the render worker). */
export type TPrintedAcceptance = {
  signerName: string;
  signerTitle: string;
  /** The typed signature's text, or the server's re-encoded PNG of the drawing in base64. */
  signature: { kind: 'typed'; text: string } | { kind: 'drawn'; png: string };
  acceptedAt: Date;
  ip: string | null;
  /** The printed quote's revision the customer accepted. */
  revision: number;
  paidBy: 'card' | 'po';
  poNumber: string | null;
  /** SHA-256 (hex) of the view the customer accepted. */
  documentHash: string;
};

const SIGNATURE_BOX = { width: 260, height: 80 } as const;

/** The moment of acceptance with its zone, in words: 'December 7, 2026 at 5:26:51 AM UTC'. */
export function acceptedAtText(at: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(at);
}

/** The facts of the acceptance, one label and value a row (the hash in a fixed-width font below them). */
export function acceptanceFacts(quoteId: number, acceptance: TPrintedAcceptance): TLabelled[] {
  return [
    { label: 'Signed by', value: acceptance.signerName },
    { label: 'Title', value: acceptance.signerTitle },
    { label: 'Accepted at', value: acceptedAtText(acceptance.acceptedAt) },
    { label: 'From address', value: acceptance.ip ?? 'Not known' },
    { label: 'Quote', value: `Quote #${quoteId}, revision ${acceptance.revision}` },
    {
      label: 'Payment',
      value: acceptance.paidBy === 'card' ? 'Paid by card' : `Purchase order ${acceptance.poNumber ?? ''}`.trim(),
    },
  ];
}

function factRows(doc: TPdf, rows: TLabelled[]): void {
  for (const row of rows) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted).text(row.label, PAGE.margin, y, { width: 110 });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(COLORS.text)
      .text(row.value, PAGE.margin + 120, y, { width: CONTENT_WIDTH - 120 });
    doc.y = Math.max(doc.y, y + 12) + 5;
  }
}

/** The signature over a rule, with the signer's name and title under it, as on a paper form. */
function signatureBlock(doc: TPdf, acceptance: TPrintedAcceptance): void {
  const top = doc.y + 10;
  const x = PAGE.margin;
  if (acceptance.signature.kind === 'drawn') {
    doc.image(Buffer.from(acceptance.signature.png, 'base64'), x, top, {
      fit: [SIGNATURE_BOX.width, SIGNATURE_BOX.height],
      valign: 'bottom',
    });
  } else {
    // A built-in italic face stands in for handwriting: the typed name as the signer's mark, made smaller when a
    // long name would run past the rule.
    const text = acceptance.signature.text;
    const width = SIGNATURE_BOX.width + 112;
    const size = Math.min(30, (30 * width) / doc.font('Times-Italic').fontSize(30).widthOfString(text));
    doc
      .fontSize(size)
      .fillColor('#1A237E')
      .text(text, x + 4, top + SIGNATURE_BOX.height - size * 1.25, { width, lineBreak: false, height: size * 1.2 });
  }
  const ruleY = top + SIGNATURE_BOX.height + 4;
  doc
    .moveTo(x, ruleY)
    .lineTo(x + SIGNATURE_BOX.width + 120, ruleY)
    .lineWidth(0.75)
    .stroke(COLORS.text);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(COLORS.text)
    .text(`${acceptance.signerName}, ${acceptance.signerTitle}`, x, ruleY + 4, { width: SIGNATURE_BOX.width + 120 });
  doc.y += 6;
}

/** The last page: who accepted what, when, from where, how it is paid, the hash of what was read, the signature. */
export function drawAcceptancePage(doc: TPdf, quote: TPrintedQuote, acceptance: TPrintedAcceptance): void {
  doc.addPage();
  documentHeader(doc, {
    company: quote.company,
    title: 'Acceptance',
    subtitle: `${titleOf(quote)}, revision ${acceptance.revision}`,
    facts: [
      { label: 'Total', value: formatCurrency(quote.totalCost, quote.currency) },
      { label: 'Accepted', value: formatDate(acceptance.acceptedAt) },
    ],
  });
  sectionHeading(doc, 'Accepted by');
  factRows(doc, acceptanceFacts(quote.quoteId, acceptance));
  sectionHeading(doc, 'Signature');
  signatureBlock(doc, acceptance);
  sectionHeading(doc, 'Consent');
  doc.font('Helvetica').fontSize(9).fillColor(COLORS.text).text(PORTAL_CONSENT_TEXT, PAGE.margin, doc.y, {
    width: CONTENT_WIDTH,
  });
  sectionHeading(doc, 'Document hash (SHA-256 of the quote as accepted)');
  doc.font('Courier').fontSize(9).fillColor(COLORS.text).text(acceptance.documentHash, PAGE.margin, doc.y, {
    width: CONTENT_WIDTH,
  });
}

/**
 * The signed quote: the printed quote as the customer accepted it, then the acceptance page. Its title names it
 * signed in every page's footer.
 */
export function renderSignedQuote(
  quote: TPrintedQuote,
  acceptance: TPrintedAcceptance,
  compress = true,
): Promise<Buffer> {
  return renderPdf(
    `Signed ${titleOf(quote)}`,
    (doc) => {
      drawPrintedQuote(doc, quote);
      drawAcceptancePage(doc, quote, acceptance);
    },
    compress,
  );
}
