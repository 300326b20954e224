import type { TJobQueue } from '@cpq/contracts';
import { z } from 'zod';

/** What the catalogue says of one kind of job. */
export type TJobDefinition = {
  /** The payload its enqueuer writes and its handler reads; a stored payload that does not match is a dead job. */
  payload: z.ZodType;
  /** Attempts before it is given up; null for the configured default (JOBS_MAX_ATTEMPTS). */
  maxAttempts: number | null;
  /** Where its handler is written (the handler needs modules and adapters that this layer cannot import). */
  handledIn: string;
};

const ZQuoteRef = z.object({ quoteId: z.number().int() });

/**
 * Every job the server runs, in one place: its kind (the queue, named in contracts for the administrator's list),
 * its payload and its retry policy. Every kind waits `JOBS_RETRY_BASE_MS x 2^(attempt-1)` (at most an hour) between
 * attempts, and goes to the dead letters at once on a `PermanentJobError`. The queue checks each payload against
 * its schema before the handler runs, and the handlers and enqueuers are typed by it.
 */
export const JOB_CATALOGUE = {
  /** A new order to its platform's ERP, once per order. */
  'erp.submitOrder': { payload: ZQuoteRef, maxAttempts: null, handledIn: 'modules/erp/erp-sync.ts' },
  /** A returned line (an RMA) to the ERP, once per line. */
  'erp.createRmaLine': {
    payload: z.object({ rmaId: z.number().int() }),
    maxAttempts: null,
    handledIn: 'modules/erp/erp-sync.ts',
  },
  /** One platform's order statuses read from its ERP, once per time slot. */
  'erp.pollStatuses': { payload: z.object({}), maxAttempts: null, handledIn: 'modules/erp/erp-sync.ts' },
  /** A quote's opportunity and CRM quote, once per quote version. */
  'crm.syncQuote': { payload: ZQuoteRef, maxAttempts: null, handledIn: 'modules/crm/crm-sync.ts' },
  /**
   * One outbox mail delivered, with the files the server stored for it (read at each attempt); five attempts, after
   * which the mail is marked failed.
   */
  'mail.send': {
    payload: z.object({
      mailId: z.number().int(),
      attachments: z.array(z.object({ filename: z.string(), path: z.string(), contentType: z.string() })).optional(),
    }),
    maxAttempts: 5,
    handledIn: 'adapters/mail/mailer.ts',
  },
  /** An order's printed document, at the revision taken when the order was placed. */
  'documents.printOrder': {
    payload: z.object({ quoteId: z.number().int(), revision: z.number().int(), userId: z.number().int() }),
    maxAttempts: null,
    handledIn: 'modules/orders/order-document.ts',
  },
  /** An accepted quote's signed document, stored and mailed to both sides. */
  'documents.signQuote': { payload: ZQuoteRef, maxAttempts: null, handledIn: 'modules/quote-portal/signed-quote.ts' },
} as const satisfies Record<TJobQueue, TJobDefinition>;

/** The payload of a kind of job, as its enqueuer writes it and its handler reads it. */
export type TJobPayload<Q extends TJobQueue> = z.infer<(typeof JOB_CATALOGUE)[Q]['payload']>;
