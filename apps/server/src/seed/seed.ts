import { ADDRESS_TYPE, ROLE_ID, ROLE_LEVEL } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import type { TDb, TDbOrTx } from '../db/client';
import { addresses, customers, platforms, productModels, products, roles, statusTypes, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { seedBuiltInProducts } from '../modules/documents/built-in-products';
import { DEMO_MODELS_DIR, readDemoModels } from '../modules/products/demo-models';

export const BUILT_IN_ROLES = [
  {
    id: ROLE_ID.public,
    name: 'Public User',
    description: 'Visitors who configure and request quotes.',
    roleLevel: ROLE_LEVEL.public,
  },
  {
    id: ROLE_ID.registered,
    name: 'Registered User',
    description: 'Sales users who quote and order.',
    roleLevel: ROLE_LEVEL.registered,
  },
  {
    id: ROLE_ID.admin,
    name: 'System Admin',
    description: 'Manages the users, products and settings of a platform.',
    roleLevel: ROLE_LEVEL.admin,
  },
  {
    id: ROLE_ID.superAdmin,
    name: 'Super Admin',
    description: 'Manages every platform, roles and products.',
    roleLevel: ROLE_LEVEL.superAdmin,
  },
];

/**
 * The demo sign-ins: one per role level on each platform, and a card-paying buyer. Printed at start-up and listed in
 * the README.
 */
export const DEMO_USERS = [
  {
    pid: 'default',
    roleLevel: 9,
    roleId: ROLE_ID.superAdmin,
    username: 'superadmin@demo.opencpq.dev',
    password: 'Demo!Super9',
    firstName: 'Sam',
    lastName: 'Super',
  },
  {
    pid: 'default',
    roleLevel: 5,
    roleId: ROLE_ID.admin,
    username: 'admin@demo.opencpq.dev',
    password: 'Demo!Admin5',
    firstName: 'Ada',
    lastName: 'Admin',
  },
  {
    pid: 'default',
    roleLevel: 1,
    roleId: ROLE_ID.registered,
    username: 'sales@demo.opencpq.dev',
    password: 'Demo!Sales1',
    firstName: 'Sal',
    lastName: 'Rep',
  },
  {
    pid: 'default',
    roleLevel: 0,
    roleId: ROLE_ID.public,
    username: 'visitor@demo.opencpq.dev',
    password: 'Demo!Visit0',
    firstName: 'Vic',
    lastName: 'Visitor',
  },
  {
    pid: 'default',
    roleLevel: 1,
    roleId: ROLE_ID.registered,
    username: 'buyer@demo.opencpq.dev',
    password: 'Demo!Buyer1',
    firstName: 'Bea',
    lastName: 'Buyer',
    /** Pays by card (the built-in test gateway unless Stripe is configured) instead of a purchase order. */
    checkoutType: 'stripe',
  },
  {
    pid: 'secure',
    roleLevel: 9,
    roleId: ROLE_ID.superAdmin,
    username: 'superadmin@secure.opencpq.dev',
    password: 'Demo!Super9',
    firstName: 'Sid',
    lastName: 'Secure',
  },
  {
    pid: 'secure',
    roleLevel: 5,
    roleId: ROLE_ID.admin,
    username: 'admin@secure.opencpq.dev',
    password: 'Demo!Admin5',
    firstName: 'Ann',
    lastName: 'Secure',
  },
  {
    pid: 'secure',
    roleLevel: 1,
    roleId: ROLE_ID.registered,
    username: 'sales@secure.opencpq.dev',
    password: 'Demo!Sales1',
    firstName: 'Sue',
    lastName: 'Secure',
  },
  {
    pid: 'secure',
    roleLevel: 0,
    roleId: ROLE_ID.public,
    username: 'visitor@secure.opencpq.dev',
    password: 'Demo!Visit0',
    firstName: 'Val',
    lastName: 'Secure',
  },
] as const;

const STATUS_TYPES = [
  { name: 'Draft', roleLevel: 0, displayOrder: 0 },
  { name: 'Submitted', roleLevel: 1, displayOrder: 1 },
  { name: 'Approved', roleLevel: 5, displayOrder: 2 },
  { name: 'Ordered', roleLevel: 5, displayOrder: 3 },
  { name: 'Shipped', roleLevel: 5, displayOrder: 4 },
  { name: 'Cancelled', roleLevel: 5, displayOrder: 5 },
];

const CUSTOMERS = [
  {
    firstName: 'Maria',
    lastName: 'Lopez',
    companyName: 'Lopez Fabrication',
    email: 'maria@lopezfab.example',
    phone: '5125550142',
    erpId: 'C-10001',
    address: { Address: '4100 Industrial Blvd', City: 'Austin', State: 'TX', Zip: '78744' },
  },
  {
    firstName: 'James',
    lastName: 'Okafor',
    companyName: 'Northwind Logistics',
    email: 'j.okafor@northwind.example',
    phone: '6125550199',
    erpId: 'C-10002',
    address: { Address: '88 Harbor Way', City: 'Duluth', State: 'MN', Zip: '55802' },
  },
  {
    firstName: 'Priya',
    lastName: 'Raman',
    companyName: 'Raman Dental Group',
    email: 'priya@ramandental.example',
    phone: '4085550117',
    erpId: 'C-10003',
    address: { Address: '1200 Saratoga Ave', City: 'San Jose', State: 'CA', Zip: '95129' },
  },
];

const PRODUCTS = [
  {
    productNumber: 'DR-HINGE-HD',
    name: 'Heavy-duty door hinge',
    description: 'Stainless steel hinge for industrial doors up to 250 kg.',
    defaultPrice: '38.5000',
    quantityInStock: 420,
  },
  {
    productNumber: 'DR-SEAL-3M',
    name: 'Weather seal, 3 m',
    description: 'EPDM rubber seal strip for sectional doors.',
    defaultPrice: '24.9000',
    quantityInStock: 1250,
  },
  {
    productNumber: 'CH-CASTER-5',
    name: 'Office chair casters (set of 5)',
    description: 'Soft-tread casters for hard floors.',
    defaultPrice: '29.0000',
    quantityInStock: 310,
  },
  {
    productNumber: 'BK-LOCK-U',
    name: 'U-lock with cable',
    description: 'Hardened steel bicycle lock with a 1.2 m cable.',
    defaultPrice: '54.0000',
    quantityInStock: 75,
  },
];

/** The configurable demo products, one per model of `models/*.json` (by the model's id). */
export const CONFIGURABLE_PRODUCTS: Record<string, { productNumber: string; isQuickConfig: boolean }> = {
  'industrial-door': { productNumber: 'DR-SECTIONAL', isQuickConfig: true },
  'office-chair': { productNumber: 'CH-ERGOLINE', isQuickConfig: true },
  bicycle: { productNumber: 'BK-ATLAS', isQuickConfig: false },
};

/**
 * Makes each demo model a configurable product of the platform: the product, the model as its version 1, and the
 * product pointing at it.
 */
async function seedConfigurableProducts(tx: TDbOrTx, pid: string, models: Awaited<ReturnType<typeof readDemoModels>>) {
  for (const demo of models) {
    const settings = CONFIGURABLE_PRODUCTS[demo.key];
    if (!settings) continue;
    const [product] = await tx
      .insert(products)
      .values({
        pid,
        name: demo.name,
        description: String(demo.model.description ?? ''),
        productNumber: settings.productNumber,
        imageUrl: typeof demo.model.imageUrl === 'string' ? demo.model.imageUrl : null,
        isNonConfigurable: false,
        isQuickConfig: settings.isQuickConfig,
        showInCatalog: true,
        createdByEmail: DEMO_USERS[0].username,
      })
      .returning({ id: products.id });
    if (!product) throw new Error(`Seeding ${settings.productNumber} returned no row`);
    const [model] = await tx
      .insert(productModels)
      .values({
        pid,
        productId: product.id,
        key: demo.key,
        name: demo.name,
        version: 1,
        model: demo.model,
        createdByEmail: DEMO_USERS[0].username,
      })
      .returning({ id: productModels.id });
    await tx
      .update(products)
      .set({ modelId: model?.id ?? null })
      .where(eq(products.id, product.id));
  }
}

/**
 * Seeds the demo data on first start only: when there are no platforms yet. Answers whether it seeded.
 * Everything is written in one transaction, so a failed seed leaves an empty database to try again.
 */
export async function seedDemoData(db: TDb, modelsDir = DEMO_MODELS_DIR): Promise<boolean> {
  const existing = await db.select({ id: platforms.id }).from(platforms).limit(1);
  if (existing.length > 0) return false;
  const models = await readDemoModels(modelsDir);
  const hashes = new Map<string, string>();
  for (const user of DEMO_USERS) {
    if (!hashes.has(user.password)) hashes.set(user.password, await hashPassword(user.password));
  }
  await db.transaction(async (tx) => {
    await tx.insert(platforms).values([
      { id: 'default', name: 'Default Platform', emailAddresses: ['orders@demo.opencpq.dev'] },
      {
        id: 'secure',
        name: 'Secure Platform',
        emailAddresses: ['orders@secure.opencpq.dev'],
        requireMfa: true,
        requireHttps: false,
      },
    ]);
    await tx.insert(roles).values(BUILT_IN_ROLES);
    await tx.insert(users).values(
      DEMO_USERS.map((user) => ({
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        roleId: user.roleId,
        pid: user.pid,
        passwordHash: hashes.get(user.password) ?? '',
        checkoutType: 'checkoutType' in user ? user.checkoutType : user.roleLevel === 0 ? 'stripe' : 'order',
      })),
    );
    for (const pid of ['default', 'secure']) {
      await tx.insert(statusTypes).values(STATUS_TYPES.map((status) => ({ ...status, pid })));
      await tx.insert(products).values(
        PRODUCTS.map((product) => ({
          ...product,
          pid,
          isNonConfigurable: true,
          createdByEmail: DEMO_USERS[0].username,
        })),
      );
      await seedConfigurableProducts(tx, pid, models);
      await seedBuiltInProducts(tx, pid);
    }
    for (const customer of CUSTOMERS) {
      const { address, ...fields } = customer;
      const [row] = await tx
        .insert(customers)
        .values({ ...fields, pid: 'default' })
        .returning({ id: customers.id });
      await tx.insert(addresses).values({
        pid: 'default',
        address: address.Address,
        city: address.City,
        state: address.State,
        zip: address.Zip,
        addressType: ADDRESS_TYPE.Billing,
        customerId: row?.id ?? null,
        sameAsShipping: true,
      });
    }
  });
  return true;
}
