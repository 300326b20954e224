import type { z } from 'zod';
import * as auth from './api/auth';
import * as ref from './api/reference-data';
import * as rp from './api/roles-platforms';
import * as users from './api/users';
import { ZByNumericId, ZOk, ZPage } from './common';
import { ZPublicPlatform, ZRole, ZUser } from './entities/accounts';
import { ZAddress, ZCustomer, ZStatusType } from './entities/reference';
import { ADMIN_LEVEL, SUPER_ADMIN_LEVEL } from './enums';

/**
 * Who may call a route: anyone, any signed-in user, or a minimum role level. Finer rules (own records, own
 * platform) are the service's, and the route's `rule` says them in words for the docs and the access tests.
 */
export type TAccess = 'public' | 'signedIn' | { minLevel: number };

export type TRouteDef = {
  request: z.ZodType;
  response: z.ZodType;
  access: TAccess;
  summary: string;
  rule?: string;
};

const admin = { minLevel: ADMIN_LEVEL } as const;
const superAdmin = { minLevel: SUPER_ADMIN_LEVEL } as const;

/**
 * Every API route, once: path under /api/v1 -> request schema, result schema, access. The server mounts exactly
 * these (a test checks), the web client calls them by path, and the OpenAPI document is generated from them.
 */
export const ROUTES = {
  'auth/login': {
    request: auth.ZLoginRequest,
    response: auth.ZLoginResult,
    access: 'public',
    summary: 'Sign in with username and password; with multi-factor, answers a ticket for auth/authorize',
  },
  'auth/authorize': {
    request: auth.ZAuthorizeRequest,
    response: auth.ZSession,
    access: 'public',
    summary: 'Finish a multi-factor sign-in with the six-digit code',
    rule: 'Needs the sign-in ticket from auth/login or sign-up; each code is accepted once',
  },
  'auth/getSecret': {
    request: auth.ZGetSecretRequest,
    response: auth.ZMfaEnrollment,
    access: 'signedIn',
    summary: 'Start authenticator enrolment for the caller: a new secret, shown once',
  },
  'auth/forgotPassword': {
    request: auth.ZForgotPasswordRequest,
    response: auth.ZForgotPasswordResult,
    access: 'public',
    summary: 'Mail a one-hour, single-use password-reset link; answers the same whether or not the user exists',
  },
  'auth/logout': {
    request: auth.ZLogoutRequest,
    response: ZOk,
    access: 'signedIn',
    summary: "Revoke the caller's session token",
  },
  'userManagement/getUser': {
    request: users.ZGetUserRequest,
    response: ZUser,
    access: 'signedIn',
    summary: 'One user by username',
    rule: 'Yourself; administrators any user of their platform; level 9 any user',
  },
  'userManagement/getUsers': {
    request: users.ZGetUsersRequest,
    response: ZPage(ZUser),
    access: admin,
    summary: 'Paged users of the caller’s platform, default order isLoggedIn descending',
  },
  'userManagement/createUser': {
    request: users.ZCreateUserRequest,
    response: users.ZCreateUserResult,
    access: 'public',
    summary: 'Sign up (role public, default platform) or, for administrators, create a user',
    rule: 'Administrators assign roles up to their own level on their platform; level 9 any platform',
  },
  'userManagement/updateUser': {
    request: users.ZUpdateUserRequest,
    response: ZUser,
    access: 'public',
    summary: 'Update a profile, change or reset a password, confirm an authenticator, or record sign-out',
    rule: 'Signed in as that user or an administrator of their platform; or signed out with a valid resetId',
  },
  'userManagement/deleteUser': {
    request: ZByNumericId,
    response: ZOk,
    access: admin,
    summary: 'Delete one user of the caller’s platform (never the caller)',
  },
  'userManagement/deleteUsers': {
    request: users.ZDeleteUsersRequest,
    response: users.ZDeleteUsersResult,
    access: admin,
    summary: 'Delete several users of the caller’s platform (never the caller)',
  },
  'userManagement/getPasswordResetRequest': {
    request: users.ZGetPasswordResetRequest,
    response: users.ZPasswordResetRequest,
    access: 'public',
    summary: 'Check a password-reset link before showing the reset form',
  },
  'userManagement/getSignInThrottle': {
    request: ZByNumericId,
    response: users.ZSignInThrottle,
    access: admin,
    summary: 'Failed sign-ins counted against a user and until when the next attempt waits',
    rule: 'Users of the caller’s platform; level 9 any user',
  },
  'userManagement/clearSignInThrottle': {
    request: ZByNumericId,
    response: users.ZSignInThrottle,
    access: admin,
    summary: 'Clear a user’s sign-in throttle, so they can try again at once',
    rule: 'Users of the caller’s platform; level 9 any user',
  },
  'administration/emailNewUserPassword': {
    request: users.ZEmailNewUserPasswordRequest,
    response: users.ZSent,
    access: admin,
    summary: 'Mail a user of the caller’s platform their sign-in address and a set-password link',
  },
  'roleManagement/getRoles': {
    request: rp.ZGetRolesRequest,
    response: ZPage(ZRole),
    access: admin,
    summary: 'Roles at or below the given level and the caller’s own level, sorted by level',
  },
  'roleManagement/createRole': {
    request: rp.ZCreateRoleRequest,
    response: ZRole,
    access: superAdmin,
    summary: 'Create a role',
  },
  'roleManagement/updateRole': {
    request: rp.ZUpdateRoleRequest,
    response: ZRole,
    access: superAdmin,
    summary: 'Update a role',
  },
  'roleManagement/deleteRole': {
    request: rp.ZDeleteRoleRequest,
    response: ZOk,
    access: superAdmin,
    summary: 'Delete a role no user holds',
  },
  'platformManagement/getPlatform': {
    request: rp.ZGetPlatformRequest,
    response: rp.ZPlatformView.or(ZPublicPlatform),
    access: 'public',
    summary: 'The default platform for signed-out callers, the caller’s own otherwise; level 9 any by id',
  },
  'platformManagement/getPlatforms': {
    request: rp.ZGetPlatformsRequest,
    response: ZPage(rp.ZPlatformView),
    access: superAdmin,
    summary: 'All platforms',
  },
  'platformManagement/createPlatform': {
    request: rp.ZCreatePlatformRequest,
    response: rp.ZPlatformView,
    access: superAdmin,
    summary: 'Create a platform',
  },
  'platformManagement/updatePlatform': {
    request: rp.ZUpdatePlatformRequest,
    response: rp.ZPlatformView,
    access: admin,
    summary: 'Update platform settings',
    rule: 'Administrators their own platform; level 9 any',
  },
  'productManagement/getProducts': {
    request: ref.ZGetProductsRequest,
    response: ZPage(ref.ZProductView),
    access: 'signedIn',
    summary:
      'Paged products of the caller’s platform, filtered by catalog, quick-configure and fixed price; default order ProductNumber ascending',
  },
  'productManagement/getProduct': {
    request: ZByNumericId,
    response: ref.ZProductView,
    access: 'signedIn',
    summary: 'One product of the caller’s platform',
  },
  'productManagement/createProduct': {
    request: ref.ZCreateProductRequest,
    response: ref.ZProductView,
    access: admin,
    summary: 'Create a product; part numbers are unique per platform',
    rule: 'Fixed price saves isQuickConfig false; configurable saves quantityInStock and defaultPrice null',
  },
  'productManagement/updateProduct': {
    request: ref.ZUpdateProductRequest,
    response: ref.ZProductView,
    access: admin,
    summary: 'Update a product of the caller’s platform (same save rules as create)',
  },
  'productManagement/deleteProduct': {
    request: ZByNumericId,
    response: ZOk,
    access: superAdmin,
    summary: 'Delete a product',
  },
  'productManagement/getModels': {
    request: ref.ZGetModelsRequest,
    response: ref.ZGetModelsResult,
    access: admin,
    summary:
      'Configuration models: the demo models shipped in models/*.json and every version uploaded on the platform',
  },
  'productManagement/saveModel': {
    request: ref.ZSaveModelRequest,
    response: ref.ZSaveModelResult,
    access: admin,
    summary: 'Save a configuration model for a product as its next version and make the product use it',
    rule: 'The model is validated by the configuration engine; older versions stay for the quote lines that use them',
  },
  'statusTypesMgmt/getStatusTypes': {
    request: ref.ZGetStatusTypesRequest,
    response: ZPage(ZStatusType),
    access: 'signedIn',
    summary: 'Paged status types of the caller’s platform up to roleLevel; default order displayOrder ascending',
    rule: 'Never above the caller’s own level',
  },
  'statusTypesMgmt/createStatusType': {
    request: ref.ZCreateStatusTypeRequest,
    response: ZStatusType,
    access: admin,
    summary: 'Create a status type',
    rule: 'At or below the caller’s own level',
  },
  'statusTypesMgmt/updateStatusType': {
    request: ref.ZUpdateStatusTypeRequest,
    response: ZStatusType,
    access: admin,
    summary: 'Update a status type of the caller’s platform',
    rule: 'At or below the caller’s own level',
  },
  'statusTypesMgmt/deleteStatusType': {
    request: ZByNumericId,
    response: ZOk,
    access: admin,
    summary: 'Delete a status type of the caller’s platform',
    rule: 'At or below the caller’s own level',
  },
  'customerManagement/getCustomers': {
    request: ref.ZGetCustomersRequest,
    response: ZPage(ZCustomer),
    access: admin,
    summary: 'Paged customers of the caller’s platform with their billing address; default order id ascending',
  },
  'customerManagement/getCustomer': {
    request: ZByNumericId,
    response: ZCustomer,
    access: admin,
    summary: 'One customer of the caller’s platform with their billing address',
  },
  'customerManagement/createCustomer': {
    request: ref.ZCreateCustomerRequest,
    response: ZCustomer,
    access: admin,
    summary: 'Create a customer and their billing address in one transaction',
  },
  'customerManagement/updateCustomer': {
    request: ref.ZUpdateCustomerRequest,
    response: ZCustomer,
    access: admin,
    summary: 'Update a customer and their billing address in one transaction',
  },
  'customerManagement/deleteCustomer': {
    request: ZByNumericId,
    response: ref.ZDeleted,
    access: admin,
    summary: 'Delete a customer and their addresses',
  },
  'addressManagement/getAddresses': {
    request: ref.ZGetAddressesRequest,
    response: ZPage(ZAddress),
    access: admin,
    summary: 'Paged addresses of the caller’s platform; default order Address ascending',
  },
  'addressManagement/createAddress': {
    request: ref.ZCreateAddressRequest,
    response: ZAddress,
    access: admin,
    summary: 'Create an address (AddressType 1 Billing, 2 Shipping)',
  },
  'addressManagement/updateAddress': {
    request: ref.ZUpdateAddressRequest,
    response: ZAddress,
    access: admin,
    summary: 'Update an address of the caller’s platform',
  },
  'addressManagement/deleteAddress': {
    request: ZByNumericId,
    response: ref.ZDeleted,
    access: admin,
    summary: 'Delete an address of the caller’s platform',
  },
} as const satisfies Record<string, TRouteDef>;

export type TRoutes = typeof ROUTES;
export type TRoutePath = keyof TRoutes;
/** What a caller sends to a route (before defaults are applied). */
export type TRequestOf<P extends TRoutePath> = z.input<TRoutes[P]['request']>;
/** What a handler receives (after parsing: defaults applied, strings trimmed). */
export type TParsedRequestOf<P extends TRoutePath> = z.output<TRoutes[P]['request']>;
/** A route's result. */
export type TResultOf<P extends TRoutePath> = z.output<TRoutes[P]['response']>;

export const API_PREFIX = '/api/v1';
