import { z } from 'zod';
import { ZEmail, ZId, ZIsoDate, ZPagedQuery, ZVersion } from '../common';
import { CRM_HANDOFF_PARAMS } from '../crm-handoff';
import { JOB_QUEUES, JOB_STATUSES } from '../jobs';
import { PG_INT_MAX } from '../limits';
import { MSG, msgNoLargerThan } from '../messages';

/**
 * Returns and the outside systems (spec: configurator-quotes-orders sections 2 "Create RMA dialog", 3, 4, 5, 7, 9;
 * accounts-admin-shell section 4): RMAs on order lines, the ERP and CRM connection settings of a platform, the
 * Salesforce calls, and the durable jobs every call to a remote system runs in.
 */

// ---- RMA ---------------------------------------------------------------------------------------------------------

/** The spec's RMA number: 'RMA0000' + the order's quote id; all returned lines of one order share it. */
export const rmaNumberOf = (quoteId: number): string => `RMA0000${quoteId}`;

/** The spec's fixed values (section 9) every RMA sends to the ERP. */
export const RMA_FIXED_VALUES = {
  warehouse: 'MAIN',
  currency: 'USD',
  unit: 'EA',
  customerSequence: 1,
  taxCode: 'CA',
} as const;

/** The RMA form (section 5): reason required, quantity a whole number from 1 up to the line's quantity. */
export const ZRmaLineRequest = z.strictObject({
  lineId: ZId,
  reason: z
    .string({ error: MSG.rmaReasonRequired })
    .trim()
    .min(1, MSG.rmaReasonRequired)
    .max(1000, 'A reason can be at most 1,000 characters.'),
  quantity: z
    .number({ error: 'Enter the quantity to return.' })
    .max(PG_INT_MAX, msgNoLargerThan(PG_INT_MAX))
    .int('Enter a whole number.')
    .min(1, MSG.quantityMin),
  enableRmaDispositions: z.boolean().default(false),
});
export type TRmaLineRequest = z.infer<typeof ZRmaLineRequest>;

/** createRMAs `{ data }`: the order and the lines returned from it. A line returned before answers its RMA again. */
export const ZCreateRmasRequest = z.strictObject({
  data: z.strictObject({ quoteId: ZId, lines: z.array(ZRmaLineRequest).min(1).max(200) }),
});

/** Where an RMA's submission to the ERP stands: the job's state, in words a buyer reads. */
export const RMA_STATUSES = ['submitting', 'submitted', 'failed'] as const;
export const RMA_STATUS_LABEL = { submitting: 'Sending to ERP', submitted: 'Submitted', failed: 'Not sent' } as const;

export const ZRma = z.object({
  id: ZId,
  quoteId: ZId,
  lineId: ZId,
  rmaNumber: z.string(),
  reason: z.string(),
  quantity: z.number().int(),
  enableRmaDispositions: z.boolean(),
  status: z.enum(RMA_STATUSES),
  /** The ERP's line number within the RMA and its status there, once submitted. */
  erpLineNo: z.string().nullable(),
  erpStatus: z.string().nullable(),
  /** The last submission error while it is retried or after it failed, for the people who can act on it. */
  lastError: z.string().nullable(),
  createdBy: z.string(),
  createdAt: ZIsoDate,
});
export type TRma = z.infer<typeof ZRma>;

export const ZCreateRmasResult = z.object({ rows: z.array(ZRma) });
export const ZGetRmasRequest = z.strictObject({ quoteId: ZId });

// ---- Durable jobs ----------------------------------------------------------------------------------------------

export const ZJob = z.object({
  id: ZId,
  pid: z.string().nullable(),
  queue: z.enum(JOB_QUEUES),
  /** The business action's idempotency key: one job per key, ever. */
  key: z.string(),
  /** What it is about, e.g. 'Order #12' or 'RMA00007 line 3'. */
  subject: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  runAt: ZIsoDate,
  lastError: z.string().nullable(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
  doneAt: ZIsoDate.nullable(),
});
export type TJob = z.infer<typeof ZJob>;

/** getJobs: paged, newest first; `status` narrows (the dead letters: 'dead'). */
export const ZGetJobsRequest = ZPagedQuery.extend({ status: z.enum(JOB_STATUSES).optional() });
/** retryJob: a failed (dead) job runs again now, from attempt one, with the same key. */
export const ZRetryJobRequest = z.strictObject({ id: ZId });

// ---- Connection settings -----------------------------------------------------------------------------------------

const ZHttpsUrl = z
  .string()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter the full address, starting with https://.' }));
/** A secret as a form sends it: absent or empty keeps the stored one. */
const ZSecretInput = z.string().max(500).optional();

/** The ERP connection of a platform whose integration is CSI or visual. */
export const ZErpConnectionInput = z.strictObject({
  baseUrl: ZHttpsUrl,
  config: z.string().trim().min(1, 'Enter the configuration (site) name.').max(100),
  username: z.string().trim().min(1, 'Enter the user name.').max(200),
  password: ZSecretInput,
});
/** Salesforce (OAuth 2.0 client credentials of a connected app). */
export const ZCrmConnectionInput = z.strictObject({
  instanceUrl: ZHttpsUrl,
  clientId: z.string().trim().min(1, 'Enter the consumer key.').max(300),
  clientSecret: ZSecretInput,
});

/** What the API answers: everything but the secrets, and whether one is stored. */
export const ZIntegrationSettings = z.object({
  pid: z.string(),
  erp: ZErpConnectionInput.omit({ password: true }).extend({ hasPassword: z.boolean() }).nullable(),
  crm: ZCrmConnectionInput.omit({ clientSecret: true }).extend({ hasClientSecret: z.boolean() }).nullable(),
});
export type TIntegrationSettings = z.infer<typeof ZIntegrationSettings>;

export const ZGetIntegrationSettingsRequest = z.strictObject({ id: z.string().min(1).max(64) });
/** Absent: unchanged; null: removed (the platform falls back to the built-in default). */
export const ZUpdateIntegrationSettingsRequest = z.strictObject({
  id: z.string().min(1).max(64),
  erp: ZErpConnectionInput.nullable().optional(),
  crm: ZCrmConnectionInput.nullable().optional(),
});

// ---- CRM (Salesforce) ------------------------------------------------------------------------------------------

const crmText = z.string().trim().max(500).optional();
/**
 * The hand-off's query parameters (section 3), as text: all optional; unknown names are ignored by the reader. The
 * contact's e-mail, when there is one, must be an address (it becomes the quote's contact e-mail).
 */
export const ZCrmHandoff = z.object({
  ...(Object.fromEntries(CRM_HANDOFF_PARAMS.map((name) => [name, crmText])) as Record<
    (typeof CRM_HANDOFF_PARAMS)[number],
    typeof crmText
  >),
  contactEmail: z.union([z.literal(''), ZEmail]).optional(),
});
export type TCrmHandoff = z.infer<typeof ZCrmHandoff>;

/** createQuoteInitiatedFromSalesforce `{ salesPortalQuoteDTO }`: makes (or, with existingQuote, finds) the quote. */
export const ZCreateQuoteFromCrmRequest = z.strictObject({ salesPortalQuoteDTO: ZCrmHandoff });

const ZCrmId = z.string().trim().min(1).max(64);
export const ZSalesforceCreateQuoteRequest = z.strictObject({
  opportunityId: ZCrmId,
  opportunityName: z.string().trim().min(1).max(200),
});
/** Links our quote (swiftSellQuoteId) to a CRM quote. */
export const ZSalesforceUpdateQuoteRequest = z.strictObject({ salesforceQuoteId: ZCrmId, swiftSellQuoteId: ZId });
export const ZUpdateSalesforceQuoteNumberRequest = z.strictObject({
  sfQuoteNumber: z.string().trim().min(1).max(64),
  quoteId: ZId,
});
export const ZSalesforceGetQuoteNumberRequest = z.strictObject({ quoteId: ZId });
export const ZSalesforceQuoteNumber = z.object({
  sfQuoteNumber: z.string().nullable(),
  salesforceQuoteId: z.string().nullable(),
  salesforceOpportunityId: z.string().nullable(),
  /** The CRM sync job's state; null when the quote was never sent. */
  syncStatus: z.enum(JOB_STATUSES).nullable(),
});

/**
 * The pricing step applied to lines: which lines, never their prices (the server's; a `price` key is refused).
 * `quoteGenConfigId` is the quote's own review configuration; a line's `version`, when sent, must be its current one.
 */
export const ZUpdateSolidfitLinePricingRequest = z.strictObject({
  quoteGenConfigId: z.string().trim().min(1).max(100),
  quoteId: ZId,
  lines: z
    .array(z.strictObject({ id: ZId, version: ZVersion.optional() }))
    .min(1)
    .max(1000),
});

/** The CRM's rules for what it is sent (section 9): zip cut at any hyphen, addresses cut at the first newline. */
export const crmZip = (zip: string | null | undefined): string | null =>
  zip ? (zip.split('-')[0] ?? '').trim() || null : null;
export const crmAddress = (address: string | null | undefined): string | null =>
  address ? (address.split(/\r?\n/)[0] ?? '').trim() || null : null;
