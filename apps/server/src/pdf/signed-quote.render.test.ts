import { PORTAL_CONSENT_TEXT } from '@cpq/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sampleQuote } from '../modules/documents/sample-quote.test-support';
import { pdfText } from './pdf-text.test-support';
import { acceptedAtText, renderSignedQuote, type TPrintedAcceptance } from './signed-quote.render';

const HASH = 'a3f1c2'.padEnd(64, '0');

const acceptance = (overrides: Partial<TPrintedAcceptance> = {}): TPrintedAcceptance => ({
  signerName: 'Grace Hopper',
  signerTitle: 'Head of Procurement',
  signature: { kind: 'typed', text: 'Grace Hopper' },
  acceptedAt: new Date(Date.UTC(2026, 11, 7, 14, 5, 9)),
  ip: '203.0.113.7',
  revision: 2,
  paidBy: 'po',
  poNumber: 'PO-2231',
  documentHash: HASH,
  ...overrides,
});

describe('the signed quote', () => {
  it('is the printed quote, then an acceptance page with the signer, time with its zone, address, payment and hash', async () => {
    const text = pdfText(await renderSignedQuote(sampleQuote(2), acceptance(), false));
    for (const expected of [
      'Quote #12',
      'EL-TASK-MESH-2',
      'Acceptance',
      'Grace Hopper',
      'Head of Procurement',
      'December 7, 2026 at 2:05:09 PM UTC',
      '203.0.113.7',
      'Quote #12, revision 2',
      'Purchase order PO-2231',
      HASH,
      'Signed Quote #12',
    ]) {
      expect(text).toContain(expected);
    }
    // pdfkit breaks a long sentence into lines: its words are all there, in order.
    expect(text.replace(/\s+/g, ' ')).toContain(PORTAL_CONSENT_TEXT);
    // The acceptance page comes after the quote's pages.
    expect(text.indexOf('Head of Procurement')).toBeGreaterThan(text.indexOf('EL-TASK-MESH-2'));
  });

  it('says "Paid by card" for a card, and embeds a drawn signature as an image', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="90"><path d="M10 70 C 80 0, 160 90, 290 20" stroke="#000" stroke-width="4" fill="none"/></svg>';
    const png = (await sharp(Buffer.from(svg)).flatten({ background: '#fff' }).png().toBuffer()).toString('base64');
    const bytes = await renderSignedQuote(
      sampleQuote(1),
      acceptance({ paidBy: 'card', poNumber: null, signature: { kind: 'drawn', png } }),
      false,
    );
    const text = pdfText(bytes);
    expect(text).toContain('Paid by card');
    expect(text).not.toContain('Purchase order');
    expect(bytes.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('writes the time of acceptance in UTC, naming the zone', () => {
    expect(acceptedAtText(new Date(Date.UTC(2026, 0, 2, 23, 59, 1)))).toBe('January 2, 2026 at 11:59:01 PM UTC');
  });
});
