/** Role levels built into the system (spec: 0 Public User, 1 Registered User, 5 System Admin, 9 Super Admin). */
export const ROLE_LEVEL = { public: 0, registered: 1, admin: 5, superAdmin: 9 } as const;
export type TRoleLevel = number;

/** The thresholds the spec gives: 5 for administration, 9 for platforms, roles and product deletion. */
export const ADMIN_LEVEL = ROLE_LEVEL.admin;
export const SUPER_ADMIN_LEVEL = ROLE_LEVEL.superAdmin;
export const MAX_ROLE_LEVEL = 9;

/** Ids of the built-in roles. Self-registered and configurator visitors get `public`. */
export const ROLE_ID = {
  public: 'public',
  registered: 'registered',
  admin: 'admin',
  superAdmin: 'superAdmin',
} as const;

export const SEVERITY = { Critical: 1, Warning: 2, Information: 3 } as const;
export type TSeverityName = keyof typeof SEVERITY;

export const PAGE_TYPE = { Default: 0, Quote: 1, Order: 2, Ice: 3, Review: 4, SOWriteup: 5 } as const;

export const QUOTE_TYPE = { Quote: 1, Order: 2, QuoteRequest: 3 } as const;
export const QUOTE_TYPE_LABEL = { 1: 'Quote', 2: 'Order', 3: 'Quote Request' } as const;

export const ADDRESS_TYPE = { Billing: 1, Shipping: 2 } as const;

export const INTEGRATIONS = ['default', 'visual', 'CSI'] as const;
export type TIntegration = (typeof INTEGRATIONS)[number];

/** 'order' is the only checkout type offered in the user form; 'stripe' means card checkout. */
export const CHECKOUT_TYPES = ['order', 'stripe'] as const;
export type TCheckoutType = (typeof CHECKOUT_TYPES)[number];

export const DEFAULT_PLATFORM_ID = 'default';
export const DEFAULT_INTEGRATION: TIntegration = 'default';
export const DEFAULT_CHECKOUT_TYPE: TCheckoutType = 'order';
export const DEFAULT_ORDER_COMPLETE_STRING = 'Ordered';

/** Configurator ids of the spec: 31 quote generation (Review), 33 order write-up. */
export const CONFIGURATOR_ID = { quote: 31, order: 33 } as const;

/**
 * The status an order shows (spec section 4): its status type's name, else its ERP status, else the platform's
 * order-complete label, else 'Ordered'.
 */
export function orderStatusLabel(order: {
  statusName?: string | null;
  csiStatus?: string | null;
  orderCompleteString?: string | null;
}): string {
  return order.statusName || order.csiStatus || order.orderCompleteString || DEFAULT_ORDER_COMPLETE_STRING;
}
