import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/** Optimistic concurrency: every edit raises it, and an edit made against an older one is refused (409). */
const version = () => integer().notNull().default(1);

export const platforms = pgTable('platforms', {
  id: text().primaryKey(),
  name: text().notNull(),
  emailAddresses: text().array().notNull().default(sql`'{}'::text[]`),
  integration: text().notNull().default('default'),
  requireMfa: boolean().notNull().default(false),
  requireHttps: boolean().notNull().default(false),
  csiOrderCompleteString: text().notNull().default('Ordered'),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const roles = pgTable('roles', {
  id: text().primaryKey(),
  name: text().notNull(),
  description: text().notNull().default(''),
  roleLevel: integer().notNull(),
  /** Whether users of this role below administrator level see cost and margin (administrators always do). */
  showsMargin: boolean().notNull().default(false),
  version: version(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    guid: uuid().unique(),
    username: text().notNull().unique(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    roleId: text()
      .notNull()
      .references(() => roles.id),
    checkoutType: text().notNull().default('order'),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    passwordHash: text().notNull(),
    enableMfa: boolean().notNull().default(false),
    mfaSecret: text(),
    mfaPendingSecret: text(),
    mfaPendingExpiresAt: timestamp({ withTimezone: true }),
    mfaLastUsedStep: bigint({ mode: 'number' }),
    /** First enrolment's mailbox check: the keyed hash of the mailed code, its expiry and the wrong tries so far. */
    mfaMailCodeHash: text(),
    mfaMailCodeExpiresAt: timestamp({ withTimezone: true }),
    mfaMailCodeAttempts: integer().notNull().default(0),
    isLoggedIn: boolean().notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('users_pid_idx').on(table.pid)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const passwordResets = pgTable('password_resets', {
  id: uuid().primaryKey().defaultRandom(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    pid: text(),
    actorUserId: integer(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    data: jsonb(),
    ip: text(),
    createdAt: createdAt(),
  },
  (table) => [index('audit_events_pid_created_idx').on(table.pid, table.createdAt)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    pid: text(),
    to: text().array().notNull(),
    subject: text().notNull(),
    htmlBody: text().notNull(),
    textBody: text().notNull(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('mail_outbox_status_idx').on(table.status)],
);

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    name: text().notNull(),
    description: text().notNull().default(''),
    productNumber: text().notNull(),
    applicationInstance: text(),
    applicationName: text(),
    headerId: text(),
    profile: text(),
    imageUrl: text(),
    ruleset: text(),
    namespace: text(),
    server: text(),
    isNonConfigurable: boolean().notNull().default(true),
    defaultPrice: numeric({ precision: 19, scale: 4 }),
    /** Unit cost, for margins; seen only by those who may see margins. */
    cost: numeric({ precision: 19, scale: 4 }),
    isQuickConfig: boolean().notNull().default(false),
    showInCatalog: boolean().notNull().default(true),
    quantityInStock: integer(),
    createdByEmail: text(),
    /** The configuration model version a configurable product uses now; quote lines keep the version they had. */
    modelId: integer().references((): AnyPgColumn => productModels.id, { onDelete: 'set null' }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('products_pid_number_idx').on(table.pid, table.productNumber)],
);

/**
 * Configuration models (the engine's JSON format), versioned per product: saving a model for a product adds the
 * next version and points the product at it; a version is never changed, so old quote lines reopen as they were.
 */
export const productModels = pgTable(
  'product_models',
  {
    id: serial().primaryKey(),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    productId: integer().references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
    /** The model's own `id` field. */
    key: text().notNull(),
    name: text().notNull(),
    version: integer().notNull(),
    model: jsonb().notNull(),
    createdByEmail: text(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('product_models_product_version_idx').on(table.productId, table.version),
    index('product_models_pid_idx').on(table.pid, table.id),
  ],
);

/**
 * The model a product's author is working on, one per product: saved as often as they like (optimistic
 * concurrency on `version`), and made the product's next immutable `product_models` version by publishing.
 */
export const modelDrafts = pgTable(
  'model_drafts',
  {
    id: serial().primaryKey(),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    productId: integer()
      .notNull()
      .references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    model: jsonb().notNull(),
    version: version(),
    updatedByEmail: text(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('model_drafts_product_idx').on(table.productId)],
);

export const statusTypes = pgTable(
  'status_types',
  {
    id: serial().primaryKey(),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    name: text().notNull(),
    roleLevel: integer().notNull().default(0),
    visible: boolean().notNull().default(true),
    displayOrder: integer().notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [index('status_types_pid_idx').on(table.pid, table.displayOrder)],
);

/**
 * The text a customer search looks in (names, company, e-mail, phones, ERP id), as one expression so that one
 * trigram index (customers_search_trgm_idx) serves `ILIKE '%word%'` on all of them. Queries must use this exact
 * expression for PostgreSQL to pick the index.
 */
export function customerSearchText(columns: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  companyName: AnyPgColumn;
  email: AnyPgColumn;
  phone: AnyPgColumn;
  altPhone: AnyPgColumn;
  erpId: AnyPgColumn;
}) {
  const parts = [
    columns.firstName,
    columns.lastName,
    columns.companyName,
    columns.email,
    columns.phone,
    columns.altPhone,
    columns.erpId,
  ].map((column) => sql`coalesce(${column}, '')`);
  return sql`(${sql.join(parts, sql` || ' ' || `)})`;
}

/**
 * Price lists of a platform (dealer, distributor, ...): a customer assigned one has its quotes' lines priced by it
 * while it is valid. Its entries are per product and quantity tier.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: serial().primaryKey(),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    name: text().notNull(),
    currency: text().notNull().default('USD'),
    /** First and last day the list prices quotes (inclusive); null is open-ended. */
    validFrom: date({ mode: 'string' }),
    validTo: date({ mode: 'string' }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('price_lists_pid_name_idx').on(table.pid, table.name)],
);

/**
 * One tier of a product in a price list: from `fromQuantity` on, a price ('price') or a % of list ('percent'). With
 * `optionId` and `valueId` it prices one priced value of a configurable product's model (its part of the line).
 */
export const priceListEntries = pgTable(
  'price_list_entries',
  {
    id: serial().primaryKey(),
    priceListId: integer()
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** '' for the product's own tiers (so that the unique index holds for them too). */
    optionId: text().notNull().default(''),
    valueId: text().notNull().default(''),
    fromQuantity: integer().notNull().default(1),
    kind: text().notNull(),
    value: numeric({ precision: 19, scale: 4 }).notNull(),
  },
  (table) => [
    uniqueIndex('price_list_entries_tier_idx').on(
      table.priceListId,
      table.productId,
      table.optionId,
      table.valueId,
      table.fromQuantity,
    ),
    index('price_list_entries_product_idx').on(table.productId),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: serial().primaryKey(),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    firstName: text(),
    lastName: text(),
    email: text(),
    phone: text(),
    altPhone: text(),
    companyName: text(),
    erpId: text().notNull(),
    /** Dealer pricing: configurations on this customer's quotes are priced with the `co_type` param 'dealer'. */
    isDealer: boolean().notNull().default(false),
    /** The price list that prices this customer's quotes; a list in use cannot be deleted. */
    priceListId: integer().references(() => priceLists.id),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('customers_pid_idx').on(table.pid, table.id),
    index('customers_price_list_idx').on(table.priceListId),
    index('customers_pid_last_name_idx').on(table.pid, table.lastName, table.id),
    index('customers_pid_first_name_idx').on(table.pid, table.firstName, table.id),
    index('customers_pid_email_idx').on(table.pid, table.email, table.id),
    index('customers_search_trgm_idx').using('gin', sql`${customerSearchText(table)} gin_trgm_ops`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial().primaryKey(),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    address: text().notNull(),
    address2: text(),
    city: text().notNull(),
    state: text().notNull(),
    zip: text().notNull(),
    country: text().notNull().default('USA'),
    countryCode: text().notNull().default('US'),
    addressType: integer().notNull(),
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    /** Set on a quote's own billing or shipping address (not a customer's): it goes when the quote goes. */
    quoteId: integer().references((): AnyPgColumn => quotes.id, { onDelete: 'cascade' }),
    sameAsShipping: boolean().notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('addresses_pid_idx').on(table.pid),
    index('addresses_customer_idx').on(table.customerId, table.addressType),
    index('addresses_pid_address_idx').on(table.pid, table.address, table.id),
    index('addresses_quote_idx').on(table.quoteId),
  ],
);

const money = () => numeric({ precision: 19, scale: 4 });

/**
 * The text a quote search looks in ('#' and the number, the project name, the customer's first and last name), as
 * one expression so that one trigram index (quotes_search_trgm_idx) serves `ILIKE '%word%'` on all of them.
 * Queries must use this exact expression for PostgreSQL to pick the index.
 */
export function quoteSearchText(columns: {
  id: AnyPgColumn;
  name: AnyPgColumn;
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
}) {
  return sql`('#' || ${columns.id}::text || ' ' || coalesce(${columns.name}, '') || ' ' || coalesce(${columns.firstName}, '') || ' ' || coalesce(${columns.lastName}, ''))`;
}

/**
 * Quotes (type 1 Quote, 2 Order, 3 Quote Request). `id` is the sequential number shown as `#id`; `guid` is the
 * client's `_id`. `totalCost` and `lineCount` are derived from the lines in the transaction that writes a line, and
 * every write bumps `version`, so an update against a stale version can be refused.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial().primaryKey(),
    guid: uuid().notNull().unique(),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    type: integer().notNull(),
    version: integer().notNull().default(1),
    name: text(),
    companyId: integer().default(1),
    sfQuoteNumber: text(),
    salesforceQuoteId: text(),
    salesforceOpportunityId: text(),
    statusTypeId: integer().references(() => statusTypes.id, { onDelete: 'set null' }),
    /** The owner; kept as values (no foreign key) so the quote outlives a deleted user. */
    createdByUserId: integer().notNull(),
    createdByEmail: text().notNull(),
    /**
     * Who asked, on a quote request (type 3): its first owner, kept when a sales rep takes it (the rep becomes the
     * owner), so the visitor still reads their request and everyone sees who asked. Values, as the owner's are.
     */
    requestedByUserId: integer(),
    requestedByEmail: text(),
    dateOrderPlaced: timestamp({ withTimezone: true }),
    /** The platform's integration (default, visual, CSI) when the quote became an order. */
    integration: text(),
    sfCustomer: text(),
    sfUserId: text(),
    sfUserAlias: text(),
    sfRepCode: text(),
    sfDivisionCode: text(),
    sfTerritoryCode: text(),
    sfRegionCode: text(),
    csiCustomerNumber: text(),
    csiStatus: text(),
    erpId: text(),
    erpOrderNo: text(),
    contactId: integer().references(() => customers.id, { onDelete: 'set null' }),
    notes: text(),
    lineCount: integer().notNull().default(0),
    totalCost: money().notNull().default('0'),
    /** The currency of its prices (ISO 4217): its customer's price list's when one priced it, else US dollars. */
    currency: text().notNull().default('USD'),
    /** The quote discount in per cent (0..100), taken off the sum of the lines after their own discounts. */
    discountPercent: numeric({ precision: 7, scale: 4 }).notNull().default('0'),
    poNumber: text(),
    quoteGenConfigId: text(),
    quoteGenHeaderId: text(),
    soWriteUpConfigId: text(),
    soWriteUpDocLink: text(),
    currentPrintedDocument: text(),
    swiftsellQuoteId: text(),
    isLocked: boolean().notNull().default(false),
    rmaCreated: boolean().notNull().default(false),
    sameAsBilling: boolean().notNull().default(false),
    shippingAddressId: integer().references(() => addresses.id, { onDelete: 'set null' }),
    billingAddressId: integer().references(() => addresses.id, { onDelete: 'set null' }),
    /** The quote's contact (copied from a customer by setQuoteCustomer, or typed on the Customer tab). */
    firstName: text(),
    lastName: text(),
    email: text(),
    phone: text(),
    altPhone: text(),
    companyName: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('quotes_pid_created_idx').on(table.pid, table.createdAt.desc()),
    index('quotes_owner_created_idx').on(table.createdByUserId, table.createdAt.desc()),
    // getQuotes: dashboards (owner + type), admin lists (platform + type), sorted by date or value. NULLS FIRST is
    // what `ORDER BY x DESC` means, so the planner can read a page straight off the index.
    index('quotes_pid_type_created_idx').on(table.pid, table.type, table.createdAt.desc().nullsFirst(), table.id),
    index('quotes_pid_owner_type_created_idx').on(
      table.pid,
      table.createdByUserId,
      table.type,
      table.createdAt.desc().nullsFirst(),
      table.id,
    ),
    index('quotes_pid_type_total_idx').on(table.pid, table.type, table.totalCost.desc().nullsFirst(), table.id),
    // Orders lists (type 2), newest order first: the platform's, and one user's.
    index('quotes_pid_type_ordered_idx').on(table.pid, table.type, table.dateOrderPlaced.desc().nullsFirst(), table.id),
    index('quotes_pid_owner_type_ordered_idx').on(
      table.pid,
      table.createdByUserId,
      table.type,
      table.dateOrderPlaced.desc().nullsFirst(),
      table.id,
    ),
    index('quotes_search_trgm_idx').using('gin', sql`${quoteSearchText(table)} gin_trgm_ops`),
  ],
);

/** Comments on a quote (the spec's communications): the writer is always the caller, never the request body. */
export const communications = pgTable(
  'communications',
  {
    id: serial().primaryKey(),
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    /** The writer: a user, or (null) the customer writing through a quote link (`shareId`). */
    userId: integer(),
    shareId: integer().references(() => quoteShares.id, { onDelete: 'set null' }),
    username: text().notNull(),
    comment: text().notNull(),
    date: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('communications_quote_date_idx').on(table.quoteId, table.date, table.id)],
);

/** Lines of a quote: a configured product (from configurator/finish) or a fixed-price product at its price. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: serial().primaryKey(),
    guid: uuid().notNull().unique(),
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    productId: integer().references(() => products.id),
    configurationId: text(),
    quantity: integer().notNull().default(1),
    /** Unit price before the line discount: the list price after the customer's price list and its tier. */
    price: money().notNull(),
    salesPrice: money(),
    /** The line discount in per cent (0..100), off `price` times the quantity. */
    discountPercent: numeric({ precision: 7, scale: 4 }).notNull().default('0'),
    /** Unit list price before any price list, for the price waterfall; null on lines priced before it was kept. */
    listPrice: money(),
    /** Unit price of the customer's price list at its first tier for the product; null when no list priced it. */
    priceListPrice: money(),
    details: jsonb().notNull().default(sql`'[]'::jsonb`),
    imgUrl: text(),
    partNumber: text(),
    description: text(),
    productName: text(),
    cfgPartNumber: text(),
    lineDescription: text(),
    username: text(),
    quoteCreated: text().notNull().default('1'),
    isNonConfigurable: boolean().notNull().default(false),
    rmaCreated: boolean().notNull().default(false),
    pricingDocLink: text(),
    companyId: integer().notNull().default(1),
    headerId: text(),
    /**
     * The line's own version: every change of the line raises it, so an edit of one line is checked against that
     * line alone and does not conflict with a concurrent edit of another line of the quote.
     */
    version: version(),
    /** The rep marked the line optional: the customer chooses it on the quote link. */
    optional: boolean().notNull().default(false),
    /** In the quote's total: always for a required line; for an optional one, as the customer chose. */
    selected: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    index('quote_lines_quote_idx').on(table.quoteId, table.id),
    index('quote_lines_configuration_idx').on(table.configurationId),
  ],
);

/**
 * Configurations: the replayable explicit choices of a session on one model version (`modelId` is the
 * product_models row), keyed by the client's GUID, and what the last finish produced.
 */
export const configurations = pgTable(
  'configurations',
  {
    id: text().primaryKey(),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    modelId: integer()
      .notNull()
      .references(() => productModels.id),
    modelVersion: integer().notNull(),
    choices: jsonb().notNull().default(sql`'[]'::jsonb`),
    /** The spec's initial parameters the session started with. */
    params: jsonb().notNull().default(sql`'[]'::jsonb`),
    /** The owner; kept as values (no foreign key) like a quote's. */
    userId: integer().notNull(),
    username: text().notNull(),
    quoteId: integer().references(() => quotes.id, { onDelete: 'set null' }),
    lineId: integer().references(() => quoteLines.id, { onDelete: 'set null' }),
    isComplete: boolean().notNull().default(false),
    partNumber: text(),
    description: text(),
    priceCents: bigint({ mode: 'number' }),
    details: jsonb(),
    imageUrl: text(),
    /** Bumped by every update (a trigger): a step stores its choices only over its session's revision. */
    revision: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('configurations_pid_username_created_idx').on(table.pid, table.username, table.createdAt.desc())],
);

/**
 * Generated PDFs of a quote: the printed quote, a line's pricing document and the sales-order write-up. Every
 * re-print is a new revision (1, 2, ... per quote, kind and line), so earlier ones stay downloadable. `path` is the
 * generated storage name under `${dataDir}/documents`; `originalName` is the name a download is saved under.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial().primaryKey(),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    lineId: integer().references(() => quoteLines.id, { onDelete: 'cascade' }),
    /** 'quote' | 'pricing' | 'so-writeup'. */
    kind: text().notNull(),
    revision: integer().notNull(),
    path: text().notNull().unique(),
    originalName: text().notNull(),
    mimetype: text().notNull(),
    /** The author; kept as a value (no foreign key) like a quote's owner. */
    createdByUserId: integer().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('documents_quote_kind_line_revision_key')
      .on(table.quoteId, table.kind, table.lineId, table.revision)
      .nullsNotDistinct(),
    index('documents_quote_created_idx').on(table.quoteId, table.createdAt.desc()),
  ],
);

/**
 * Card payments, one row per charge attempt. The server never sees a card: `paymentMethodId` is the provider's token
 * from the browser's card form. The provider de-duplicates on `idempotencyKey`, so a retried attempt charges once,
 * and at most one attempt per quote can succeed. `quoteId` is kept as a value (no foreign key): a payment record
 * outlives anything that happens to the quote.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    quoteId: integer().notNull(),
    /** 'test' (the built-in gateway) | 'stripe'. */
    provider: text().notNull(),
    paymentMethodId: text().notNull(),
    idempotencyKey: text().notNull().unique(),
    /** The provider's id of the charge (a Stripe PaymentIntent), once it has one. */
    providerPaymentId: text(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull().default('usd'),
    /** 'pending' | 'requires_action' | 'succeeded' | 'failed'. */
    status: text().notNull(),
    failureMessage: text(),
    createdByUserId: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('payments_quote_idx').on(table.quoteId, table.createdAt.desc()),
    uniqueIndex('payments_quote_succeeded_key').on(table.quoteId).where(sql`status = 'succeeded'`),
    uniqueIndex('payments_provider_payment_key').on(table.provider, table.providerPaymentId),
  ],
);

/** Webhook events already applied, so that a provider's retries and replays have one effect. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    receivedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/**
 * Durable jobs: every call to a remote system (ERP, CRM) is a row here, written in the transaction of the business
 * change that causes it, so it exists if and only if that change commits. `key` is the business action's idempotency
 * key (one job per key, ever). A worker claims due rows with FOR UPDATE SKIP LOCKED (several instances share the
 * work), holds a lease (`lockedUntil`, `lockToken`) while it runs, and a crashed worker's job is claimed again once
 * its lease has passed. Failures wait `retryBase x 2^(attempts-1)`; after `maxAttempts`, or at once when the remote
 * refuses the data, the job is `dead`, which an administrator sees and can retry.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    pid: text().references(() => platforms.id, { onDelete: 'cascade' }),
    queue: text().notNull(),
    key: text().notNull().unique(),
    /** What it is about, for the administrator's list (e.g. 'Order #12'). */
    subject: text().notNull(),
    payload: jsonb().notNull(),
    /** 'pending' | 'running' | 'done' | 'dead'. */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lockToken: uuid(),
    lastError: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    doneAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // What a worker claims: pending rows by due time, and running rows whose lease has passed.
    index('jobs_due_idx').on(table.runAt).where(sql`status in ('pending', 'running')`),
    index('jobs_pid_created_idx').on(table.pid, table.createdAt.desc(), table.id),
  ],
);

/**
 * A platform's connections to its ERP (when its integration is CSI or visual) and to Salesforce: the settings in
 * JSON, each secret encrypted (AES-256-GCM, see lib/secret-box) and never answered by the API.
 */
export const integrationSettings = pgTable('integration_settings', {
  pid: text()
    .primaryKey()
    .references(() => platforms.id, { onDelete: 'cascade' }),
  /** { baseUrl, config, username } */
  erp: jsonb(),
  erpSecret: text(),
  /** { instanceUrl, clientId } */
  crm: jsonb(),
  crmSecret: text(),
  updatedAt: updatedAt(),
});

/**
 * Return authorisations: one per returned order line (a line is returned once), numbered 'RMA0000' + the order id.
 * Where its submission to the ERP stands is the state of its job (`erp.createRmaLine:<line id>`).
 */
export const rmas = pgTable(
  'rmas',
  {
    id: serial().primaryKey(),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    lineId: integer()
      .notNull()
      .unique()
      .references(() => quoteLines.id, { onDelete: 'cascade' }),
    rmaNumber: text().notNull(),
    reason: text().notNull(),
    quantity: integer().notNull(),
    enableRmaDispositions: boolean().notNull().default(false),
    erpLineNo: text(),
    erpStatus: text(),
    createdByUserId: integer().notNull(),
    createdBy: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('rmas_quote_idx').on(table.quoteId, table.id)],
);

/** The built-in CRM's opportunities (a platform without Salesforce): what a hand-off without one creates. */
export const crmOpportunities = pgTable('crm_opportunities', {
  id: text().primaryKey(),
  pid: text()
    .notNull()
    .references(() => platforms.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  accountId: text(),
  externalRef: text().notNull().unique(),
  createdAt: createdAt(),
});

/** The built-in CRM's quotes: one per quote of ours, with its quote number ('00000001', as Salesforce numbers). */
export const crmQuotes = pgTable('crm_quotes', {
  id: serial().primaryKey(),
  pid: text()
    .notNull()
    .references(() => platforms.id, { onDelete: 'cascade' }),
  quoteId: integer().notNull().unique(),
  opportunityId: text().notNull(),
  name: text().notNull(),
  totalPrice: money().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Quote links: a quote's printed revision shared with one address. Only the token's SHA-256 is kept. The link opens
 * the quote while it is not revoked or expired, the printed revision is still `revision` and what the customer reads
 * still hashes to `contentHash` (the customer's own choices of optional lines are not part of it); a sales edit of
 * that content, or a new printed revision, supersedes it.
 */
export const quoteShares = pgTable(
  'quote_shares',
  {
    id: serial().primaryKey(),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    email: text().notNull(),
    sharedByUserId: integer().notNull(),
    sharedByEmail: text().notNull(),
    /** The printed quote's revision the link opens. */
    revision: integer().notNull(),
    /** SHA-256 (hex) of the quote's content as shared (`contentHashOf`). */
    contentHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('quote_shares_quote_idx').on(table.quoteId, table.createdAt.desc())],
);

/** Each opening of a quote link, shown to the sales side. */
export const quoteShareOpenings = pgTable(
  'quote_share_openings',
  {
    id: serial().primaryKey(),
    shareId: integer()
      .notNull()
      .references(() => quoteShares.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: text(),
    userAgent: text(),
  },
  (table) => [index('quote_share_openings_share_idx').on(table.shareId, table.at.desc())],
);

/**
 * A customer's acceptance of a shared quote: who signed, how, when and from where, the revision and a hash of what
 * they read, and the signed PDF. One per quote: accepting again answers this one.
 */
export const quoteAcceptances = pgTable('quote_acceptances', {
  id: serial().primaryKey(),
  pid: text()
    .notNull()
    .references(() => platforms.id),
  quoteId: integer()
    .notNull()
    .unique()
    .references(() => quotes.id, { onDelete: 'cascade' }),
  shareId: integer()
    .notNull()
    .references(() => quoteShares.id),
  revision: integer().notNull(),
  signerName: text().notNull(),
  signerTitle: text().notNull(),
  /** 'typed' (signatureText) or 'drawn' (signaturePng, re-encoded by the server, base64). */
  signatureKind: text().notNull(),
  signatureText: text(),
  signaturePng: text(),
  /** SHA-256 (hex) of the view the customer accepted (the portal's viewHash). */
  documentHash: text().notNull(),
  /** The stored signed PDF (a document of the quote); null until it is rendered. */
  signedDocumentPath: text(),
  paidBy: text().notNull(),
  poNumber: text(),
  ip: text(),
  userAgent: text(),
  acceptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A platform's approval rule: a condition over a quote (metric, operator, threshold or product) and who approves
 * (a minimum role level, or named users and any stand-in of their level or higher). Rules chain by step.
 */
export const approvalRules = pgTable(
  'approval_rules',
  {
    id: serial().primaryKey(),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    name: text().notNull(),
    step: integer().notNull().default(1),
    metric: text().notNull(),
    operator: text().notNull().default('gt'),
    threshold: numeric({ precision: 19, scale: 4 }),
    productId: integer().references(() => products.id, { onDelete: 'cascade' }),
    approverLevel: integer(),
    approverUserIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('approval_rules_pid_name_idx').on(table.pid, table.name)],
);

/**
 * A quote's request for approval: the steps it needed when submitted (a snapshot of the rules and approvers), the
 * fingerprint of what the rules read then, and its state. A change the fingerprint sees withdraws it; the newest
 * row of a quote is its approval.
 */
export const quoteApprovals = pgTable(
  'quote_approvals',
  {
    id: serial().primaryKey(),
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    pid: text()
      .notNull()
      .references(() => platforms.id),
    /** submitted, approved, rejected, withdrawn. */
    state: text().notNull(),
    fingerprint: text().notNull(),
    steps: jsonb().notNull(),
    /** The step waiting for a decision while submitted. */
    currentStep: integer(),
    submittedByUserId: integer().notNull(),
    submittedByName: text().notNull(),
    withdrawnMessage: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('quote_approvals_quote_idx').on(table.quoteId, table.id),
    index('quote_approvals_waiting_idx').on(table.pid, table.state),
  ],
);

/** A decision on a step of a quote's approval: who (kept as values, as owners are), when, and their comment. */
export const quoteApprovalActions = pgTable(
  'quote_approval_actions',
  {
    id: serial().primaryKey(),
    approvalId: integer()
      .notNull()
      .references(() => quoteApprovals.id, { onDelete: 'cascade' }),
    step: integer().notNull(),
    decision: text().notNull(),
    userId: integer().notNull(),
    username: text().notNull(),
    comment: text(),
    createdAt: createdAt(),
  },
  (table) => [index('quote_approval_actions_approval_idx').on(table.approvalId)],
);
