import { randomUUID } from 'node:crypto';
import { API_PREFIX, CONFIGURATOR_ID, type TQuote, type TRoutePath, type TShareQuoteResult } from '@cpq/contracts';
import { desc } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { resultOf } from '../../testing/expect-api';
import type { TQuoteTestBed } from '../quotes/quotes.test-support';

let clientNumber = 0;

/** A client address of its own for each call (unless named), so the per-address limits of one test never meet another's. */
export const nextClientIp = (): string => {
  clientNumber += 1;
  return `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
};

/** Quote-link calls for tests, bound to one test bed. */
export function portalCalls(bed: TQuoteTestBed) {
  const { t, calls } = bed;
  return {
    /** A public call as a browser makes it, from `ip` (a fresh address when not named). */
    portal: (path: TRoutePath, body: unknown, ip = nextClientIp(), userAgent = 'Mozilla/5.0 (test)') =>
      t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/${path}`,
        headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
        payload: body as object,
      }),

    /** Prints the quote document (the Review step, finished with one answer) of a quote; answers the quote after. */
    async printQuote(quoteId: number, token: string): Promise<TQuote> {
      const configurationId = randomUUID();
      resultOf(
        await t.call('configurator/start', { configurationId, productId: CONFIGURATOR_ID.quote, quoteId }, token),
      );
      resultOf(
        await t.call(
          'configurator/configure',
          { sessionId: configurationId, id: 'leadTime', value: '2-4 weeks' },
          token,
        ),
      );
      resultOf(await t.call('configurator/finish', { sessionId: configurationId, quoteId }, token));
      return calls.getQuote(quoteId, token);
    },

    /** A printed quote of `token`'s user with `lines` lines of the bed's product, its contact filled in. */
    async printedQuote(token: string, lines = 2): Promise<TQuote> {
      const quote = await calls.orderableQuote(bed.productId, token, lines);
      return this.printQuote(quote.id, token);
    },

    /** Marks a line of the quote (by its index) optional or required, as the rep `token`; answers the quote. */
    async setOptional(quote: TQuote, lineIndex: number, optional: boolean, token: string): Promise<TQuote> {
      const line = quote.lines?.[lineIndex];
      if (!line) throw new Error('no such line');
      return resultOf<TQuote>(
        await t.call(
          'quoteManagement/setLineOptional',
          { id: quote.id, lineId: line.id, version: line.version, optional },
          token,
        ),
      );
    },

    /** Shares a quote at its current version; answers the result and the link's token. */
    async share(quote: Pick<TQuote, 'id' | 'version'>, token: string, email = 'buyer@customer.example') {
      const result = resultOf<TShareQuoteResult>(
        await t.call('quoteManagement/shareQuote', { id: quote.id, version: quote.version, email }, token),
      );
      const linkToken = result.url.split('/q/')[1] ?? '';
      expect(linkToken).toHaveLength(43);
      return { ...result, token: linkToken };
    },

    /** The newest mails in the outbox, newest first. */
    latestMails: (limit = 5) => t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit),
  };
}
