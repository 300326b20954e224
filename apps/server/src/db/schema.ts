import { sql } from 'drizzle-orm';
import {
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

export const platforms = pgTable('platforms', {
  id: text().primaryKey(),
  name: text().notNull(),
  emailAddresses: text().array().notNull().default(sql`'{}'::text[]`),
  integration: text().notNull().default('default'),
  requireMfa: boolean().notNull().default(false),
  requireHttps: boolean().notNull().default(false),
  csiOrderCompleteString: text().notNull().default('Ordered'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const roles = pgTable('roles', {
  id: text().primaryKey(),
  name: text().notNull(),
  description: text().notNull().default(''),
  roleLevel: integer().notNull(),
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
    failedLoginCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('products_pid_number_idx').on(table.pid, table.productNumber)],
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
    createdAt: createdAt(),
  },
  (table) => [index('status_types_pid_idx').on(table.pid, table.displayOrder)],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('customers_pid_idx').on(table.pid, table.id)],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('addresses_pid_idx').on(table.pid), index('addresses_customer_idx').on(table.customerId)],
);
