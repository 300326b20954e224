import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
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
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('customers_pid_idx').on(table.pid, table.id),
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
    sameAsShipping: boolean().notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('addresses_pid_idx').on(table.pid),
    index('addresses_customer_idx').on(table.customerId, table.addressType),
    index('addresses_pid_address_idx').on(table.pid, table.address, table.id),
  ],
);
