import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUOTE_TYPE, type TQuote } from '@cpq/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documents, jobs, quotes } from '../../db/schema';
import { resultOf } from '../../testing/expect-api';
import { until } from '../../testing/wait';
import { quoteTestBed, type TQuoteTestBed } from '../quotes/quotes.test-support';
import { printOrderDocument, type TOrderDocumentJob } from './order-document';

const dataDir = mkdtempSync(join(tmpdir(), 'cpq-order-document-'));
let bed: TQuoteTestBed;

beforeAll(async () => {
  // Its own data folder, so the files counted are this file's; retries come due at once.
  bed = await quoteTestBed('75.00', { env: { DATA_DIR: dataDir, JOBS_RETRY_BASE_MS: '1' } });
});
afterAll(async () => {
  await bed.t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const storedFiles = (): string[] => {
  try {
    return readdirSync(join(dataDir, 'documents')).sort();
  } catch {
    return [];
  }
};

const jobOf = async (quoteId: number) => {
  const [job] = await bed.t.deps.db
    .select()
    .from(jobs)
    .where(eq(jobs.key, `documents.printOrder:${quoteId}`));
  return job;
};

const orderDocuments = (quoteId: number) =>
  bed.t.deps.db
    .select()
    .from(documents)
    .where(and(eq(documents.quoteId, quoteId), eq(documents.kind, 'quote')));

describe("an order's document, printed by a job after the order commits", () => {
  it('a rendering failure leaves the order placed and no file; the job is retried and prints one revision', async () => {
    const { t, a, calls, productId } = bed;
    const placed = await calls.placedOrder(productId, a.token[1]);
    const filesBefore = storedFiles();
    vi.spyOn(t.deps.renderer, 'render').mockRejectedValueOnce(new Error('pdfkit ran out of memory'));

    expect(await t.deps.jobs.drain(['documents.printOrder'])).toBe(0);
    expect(await jobOf(placed.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'pdfkit ran out of memory',
    });
    const order = await calls.getQuote(placed.id, a.token[1]);
    expect(order).toMatchObject({ type: QUOTE_TYPE.Order, currentPrintedDocument: null, version: placed.version });
    expect(await orderDocuments(placed.id)).toEqual([]);
    expect(storedFiles()).toEqual(filesBefore);

    // The retry (due at once here) prints it; running the job again afterwards adds nothing.
    await until(async () => (await t.deps.jobs.drain(['documents.printOrder'])) === 1, { what: 'the retry' });
    expect(await jobOf(placed.id)).toMatchObject({ status: 'done', attempts: 2 });
    const [document, ...more] = await orderDocuments(placed.id);
    expect(more).toEqual([]);
    expect(document).toMatchObject({ revision: 1, originalName: `Order-${placed.id}-Rev1.pdf` });
    expect(storedFiles()).toEqual([...filesBefore, document?.path].sort());
    expect((await calls.getQuote(placed.id, a.token[1])).currentPrintedDocument).toBe(document?.path);
  });

  it('two runs of the same job (a lost lease) store one revision and leave no second file', async () => {
    const { t, a, calls, productId } = bed;
    const placed = await calls.placedOrder(productId, a.token[1]);
    const job = (await jobOf(placed.id))?.payload as TOrderDocumentJob;
    const filesBefore = storedFiles();

    const runs = await Promise.all([
      printOrderDocument(t.deps, t.app.log, job),
      printOrderDocument(t.deps, t.app.log, job),
    ]);
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    const [document, ...more] = await orderDocuments(placed.id);
    expect(more).toEqual([]);
    expect(storedFiles()).toEqual([...filesBefore, document?.path].sort());
    expect(await printOrderDocument(t.deps, t.app.log, job)).toBeNull();
    expect(storedFiles()).toHaveLength(filesBefore.length + 1);
  });

  it('keeps the revision taken when the order was placed, after the quote revisions printed before it', async () => {
    const { t, a, calls, productId } = bed;
    const quote: TQuote = await calls.orderableQuote(productId, a.token[1]);
    // A quote revision printed before the order: the order document is the next one.
    await t.deps.db.insert(documents).values({
      pid: a.pid,
      quoteId: quote.id,
      kind: 'quote',
      revision: 1,
      path: `${crypto.randomUUID()}.pdf`,
      originalName: `Quote-${quote.id}-Rev1.pdf`,
      mimetype: 'application/pdf',
      createdByUserId: 1,
    });
    await t.deps.db.update(quotes).set({ currentPrintedDocument: 'earlier.pdf' }).where(eq(quotes.id, quote.id));
    const placed = resultOf<TQuote>(
      await t.call(
        'quoteManagement/placeOrder',
        { id: quote.id, version: quote.version, poNumber: 'PO-9' },
        a.token[1],
      ),
    );
    // Not the quote's revision: the order has no document of its own yet.
    expect(placed.currentPrintedDocument).toBeNull();
    expect((await jobOf(quote.id))?.payload).toMatchObject({ quoteId: quote.id, revision: 2 });
    await t.deps.jobs.drain(['documents.printOrder']);
    const names = (await orderDocuments(quote.id)).map((row) => row.originalName).sort();
    expect(names).toEqual([`Order-${quote.id}-Rev2.pdf`, `Quote-${quote.id}-Rev1.pdf`]);
  });
});
