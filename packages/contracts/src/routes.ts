import type { z } from 'zod';
import * as approvals from './api/approvals';
import * as auth from './api/auth';
import * as cfg from './api/configurator';
import * as docs from './api/documents';
import * as integrations from './api/integrations';
import * as modelCheck from './api/model-check';
import * as studio from './api/model-studio';
import * as orders from './api/orders';
import * as priceLists from './api/price-lists';
import * as portal from './api/quote-portal';
import * as quotes from './api/quotes';
import * as ref from './api/reference-data';
import * as rp from './api/roles-platforms';
import * as users from './api/users';
import { ZByNumericId, ZEmpty, ZOk, ZPage } from './common';
import { ZPublicPlatform, ZRole, ZUser } from './entities/accounts';
import { ZApprovalRule, ZApprovalWaiting, ZMyApprovals, ZQuoteApproval } from './entities/approvals';
import { ZConfiguration } from './entities/configurator';
import { ZPriceList } from './entities/price-lists';
import { ZCommunication, ZQuote, ZQuoteLine } from './entities/quotes';
import { ZAddress, ZCustomer, ZStatusType } from './entities/reference';
import { ADMIN_LEVEL, ROLE_LEVEL, SUPER_ADMIN_LEVEL } from './enums';

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
  'auth/confirmMailbox': {
    request: auth.ZConfirmMailboxRequest,
    response: auth.ZPendingSignIn,
    access: 'public',
    summary: 'First enrolment: check the code mailed at sign-in, then answer the authenticator to scan',
    rule: 'Needs the sign-in ticket from auth/login; each mailed code works once, for ten minutes, five tries',
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
  'userManagement/resetMfaEnrollment': {
    request: ZByNumericId,
    response: ZOk,
    access: admin,
    summary: 'Reset a user’s authenticator: their next sign-in enrols again, after a mailbox check',
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
  'productManagement/getModelDraft': {
    request: studio.ZGetModelDraftRequest,
    response: studio.ZModelDraft,
    access: admin,
    summary: 'The product’s draft model, or one started from its current version (not stored until saved)',
    rule: 'Administrators products of their own platform; level 9 any',
  },
  'productManagement/saveModelDraft': {
    request: studio.ZSaveModelDraftRequest,
    response: studio.ZModelDraft,
    access: admin,
    summary: 'Save the product’s draft model, validated by the configuration engine (errors name their paths)',
    rule: 'Administrators products of their own platform; level 9 any; a draft saved since `version` was read is a 409',
  },
  'productManagement/getModelVersions': {
    request: studio.ZGetModelVersionsRequest,
    response: studio.ZGetModelVersionsResult,
    access: admin,
    summary: 'The published model versions of a product, newest first',
    rule: 'Administrators products of their own platform; level 9 any',
  },
  'productManagement/publishModel': {
    request: studio.ZPublishModelRequest,
    response: studio.ZPublishModelResult,
    access: admin,
    summary:
      'Publish the saved draft as the product’s next model version; new configurations use it, quote lines keep theirs',
    rule: 'Administrators products of their own platform; level 9 any; the draft must be at `version` and compile',
  },
  'productManagement/checkModel': {
    request: modelCheck.ZCheckModelRequest,
    response: modelCheck.ZCheckModelResult,
    access: admin,
    summary:
      'Check a configuration model: proven findings (dead values, redundant or contradictory constraints, invalid defaults, failing formulas, negative prices) and, with productId, the past sales it no longer allows',
    rule: 'Administrators for products of their own platform; level 9 any',
  },
  'productManagement/diffModels': {
    request: modelCheck.ZDiffModelsRequest,
    response: modelCheck.ZDiffModelsResult,
    access: admin,
    summary: 'Compare two model versions: exact counts of configurations gained and lost, examples, values changed',
    rule: 'Both versions of the caller’s platform; level 9 any',
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
  'priceListManagement/getPriceLists': {
    request: priceLists.ZGetPriceListsRequest,
    response: ZPage(ZPriceList),
    access: admin,
    summary: 'Paged price lists of the caller’s platform with their entries; default order name ascending',
    rule: 'Level 5 its platform; level 9 all platforms',
  },
  'priceListManagement/createPriceList': {
    request: priceLists.ZCreatePriceListRequest,
    response: ZPriceList,
    access: admin,
    summary:
      'Create a price list (name, currency, validity, entries: a price or a % of list per product, or per priced value of a configurable product, and tier)',
    rule: 'Into the caller’s platform (level 9 may name another); entries name products of that platform, a configured product by % of list only, a priced value of its current model by price or %',
  },
  'priceListManagement/updatePriceList': {
    request: priceLists.ZUpdatePriceListRequest,
    response: ZPriceList,
    access: admin,
    summary: 'Update a price list; entries, when given, replace its entries whole',
    rule: 'Level 5 its platform; level 9 all; a stale version answers 409',
  },
  'priceListManagement/deletePriceList': {
    request: priceLists.ZDeletePriceListRequest,
    response: priceLists.ZPriceListDeleted,
    access: admin,
    summary: 'Delete a price list no customer uses (else 409 saying how many do)',
    rule: 'Level 5 its platform; level 9 all',
  },
  'priceListManagement/getPricedValues': {
    request: priceLists.ZGetPricedValuesRequest,
    response: priceLists.ZGetPricedValuesResult,
    access: admin,
    summary: 'The priced values (option and value with a price) of a configurable product’s current model',
    rule: 'Level 5 products of its platform; level 9 all; a fixed-price product has none',
  },
  'approvalManagement/getApprovalRules': {
    request: approvals.ZGetApprovalRulesRequest,
    response: ZPage(ZApprovalRule),
    access: admin,
    summary: 'Paged approval rules of the caller’s platform; default order step, then name',
    rule: 'Level 5 its platform; level 9 all platforms',
  },
  'approvalManagement/createApprovalRule': {
    request: approvals.ZCreateApprovalRuleRequest,
    response: ZApprovalRule,
    access: admin,
    summary: 'Create an approval rule (condition over the quote, step, approver level or named users)',
    rule: 'Into the caller’s platform (level 9 may name another); its product and named users are of that platform',
  },
  'approvalManagement/updateApprovalRule': {
    request: approvals.ZUpdateApprovalRuleRequest,
    response: ZApprovalRule,
    access: admin,
    summary: 'Update an approval rule',
    rule: 'Level 5 its platform; level 9 all; a stale version answers 409',
  },
  'approvalManagement/deleteApprovalRule': {
    request: approvals.ZDeleteApprovalRuleRequest,
    response: approvals.ZApprovalRuleDeleted,
    access: admin,
    summary: 'Delete an approval rule',
    rule: 'Level 5 its platform; level 9 all',
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
  'configurator/start': {
    request: cfg.ZStartRequest,
    response: cfg.ZStartResult,
    access: 'signedIn',
    summary: 'Start a configuration of a product, or reopen a saved one exactly as it was (reconfigure)',
    rule: 'Products of the caller’s platform; levels 0 and 1 reopen only their own configurations, level 5 any of its platform, level 9 any; the params that decide the price (co_type, Quantity, Line_Qty) are the server’s: dealer pricing from the quote’s customer, the quantity from the line',
  },
  'configurator/startPreview': {
    request: studio.ZStartPreviewRequest,
    response: cfg.ZStartResult,
    access: admin,
    summary: 'Start a preview of a product’s saved draft model: configure and explain it as a user would; never stored',
    rule: 'Administrators products of their own platform; level 9 any; the preview lives on this server for its author only and cannot be finished',
  },
  'configurator/configure': {
    request: cfg.ZConfigureRequest,
    response: cfg.ZConfigureResult,
    access: 'signedIn',
    summary: 'Set (or clear, with null) one option of a configuration and answer the new state',
    rule: 'The configuration’s owner, or an administrator of its platform; a refused value changes nothing',
  },
  'configurator/explain': {
    request: cfg.ZExplainRequest,
    response: cfg.ZExplainResult,
    access: 'signedIn',
    summary: 'Why a value is not available: the choices that exclude it, the rules involved and the fewest changes',
    rule: 'The configuration’s owner, or an administrator of its platform',
  },
  'configurator/finish': {
    request: cfg.ZFinishRequest,
    response: cfg.ZFinishResult,
    access: 'signedIn',
    summary: 'Check the configuration is complete, store its outputs and add (or update) its line on a quote',
    rule: 'A new quote when none is given (a quote request for public users); an existing quote must be the caller’s or, for administrators, of their platform; the line is priced by the server for its quantity (quantity, else a quantity option, else the line’s, else 1) and the quote’s customer',
  },
  'configurator/getConfigurations': {
    request: cfg.ZGetConfigurationsRequest,
    response: ZPage(ZConfiguration),
    access: 'signedIn',
    summary: 'My Configurations: saved configurations by username, default order createdDate descending',
    rule: 'Levels 0 and 1 their own; administrators any user of their platform; level 9 any',
  },
  'configurator/createVisitor': {
    request: cfg.ZCreateVisitorRequest,
    response: cfg.ZCreateVisitorResult,
    access: 'public',
    summary: 'Visitor flow: create a public account for an e-mail address and sign it in',
    rule: 'Default platform, role public, checkout stripe, random password; an address that has an account is refused',
  },
  'quoteManagement/createQuote': {
    request: quotes.ZCreateQuoteRequest,
    response: ZQuote,
    access: 'signedIn',
    summary: 'Create an empty quote owned by the caller (a quote request, type 3, for public users)',
    rule: 'The same _id twice creates one quote',
  },
  'quoteManagement/getQuote': {
    request: quotes.ZGetQuoteRequest,
    response: ZQuote,
    access: 'signedIn',
    summary: 'One quote with its lines',
    rule: 'Levels 0 and 1 their own quotes, level 1 also the quote requests of its platform (read only); level 5 its platform; level 9 all',
  },
  'quoteManagement/getQuoteById': {
    request: quotes.ZGetQuoteRequest,
    response: ZQuote,
    access: 'signedIn',
    summary: 'Same as getQuote',
    rule: 'Levels 0 and 1 their own quotes, level 1 also the quote requests of its platform (read only); level 5 its platform; level 9 all',
  },
  'quoteManagement/createLine': {
    request: quotes.ZCreateLineRequest,
    response: ZQuoteLine,
    access: 'signedIn',
    summary: 'Add a fixed-price product to a quote as a line at its default price',
    rule: 'Quotes the caller may see; not locked, not an order; the same _id twice adds one line',
  },
  'quoteManagement/getQuotes': {
    request: quotes.ZGetQuotesRequest,
    response: quotes.ZGetQuotesResult,
    access: 'signedIn',
    summary: 'Quotes list (dashboards: username + type [1, 3]; orders: type 2), default order createdDate descending',
    rule: 'Levels 0 and 1 only their own (another username answers FORBIDDEN), except that type 3 alone without a username is the platform’s quote requests for level 1 and up; level 5 any user of its platform; level 9 all; search #id, project, customer; sort id, statusTypeId, customer, name, createdDate, totalCost, dateOrderPlaced',
  },
  'quoteManagement/updateQuote': {
    request: quotes.ZUpdateQuoteRequest,
    response: ZQuote,
    access: 'signedIn',
    summary: 'Save Details, PO number, contact and addresses of a quote; answers the quote with its new version',
    rule: 'Levels 0 and 1 their own quotes; level 5 its platform; level 9 all; others answer NOT_FOUND; a stale version answers 409 (MSG.conflict) and changes nothing; status types of the platform at or below the caller’s level; autofilled contact fields are read-only',
  },
  'quoteManagement/lockQuote': {
    request: quotes.ZQuoteLockRequest,
    response: ZQuote,
    access: admin,
    summary:
      'Lock a quote: it then refuses every change (lines, details, customer, comments, documents, orders) with MSG.quoteLocked until unlocked; audited',
    rule: 'Administrators: level 5 quotes of its platform, level 9 any, others NOT_FOUND; quotes and quote requests, not orders (MSG.orderNotLockable); a stale version answers 409; locking a locked quote answers it unchanged',
  },
  'quoteManagement/unlockQuote': {
    request: quotes.ZQuoteLockRequest,
    response: ZQuote,
    access: admin,
    summary: 'Unlock a locked quote: it takes changes again; audited',
    rule: 'Administrators: level 5 quotes of its platform, level 9 any, others NOT_FOUND; a stale version answers 409; unlocking an unlocked quote answers it unchanged',
  },
  'quoteManagement/takeQuoteRequest': {
    request: quotes.ZTakeQuoteRequestRequest,
    response: ZQuote,
    access: { minLevel: ROLE_LEVEL.registered },
    summary:
      'Take a visitor’s quote request (a lead): it becomes the caller’s (owner fields change), the visitor’s e-mail and name fill an empty contact; audited',
    rule: 'Level 1 and up: quote requests of its platform; level 9 any; others NOT_FOUND; one taken by someone else answers 409 naming them (of two at once, one wins); taking one’s own again answers it unchanged; not locked, not a quote or order',
  },
  'quoteManagement/convertQuoteRequest': {
    request: quotes.ZConvertQuoteRequestRequest,
    response: ZQuote,
    access: { minLevel: ROLE_LEVEL.registered },
    summary:
      'Turn a quote request the caller has taken into a quote (type 1); the contact keeps the visitor’s e-mail and name, the lines their prices; audited',
    rule: 'Only the request’s owner (who took it): an open request answers 409 (take it first), one taken by someone else 409 naming them, others NOT_FOUND; a stale version answers 409; not locked; converting it again answers the quote unchanged',
  },
  'quoteManagement/deleteQuote': {
    request: quotes.ZDeleteQuoteRequest,
    response: quotes.ZDeleteQuoteResult,
    access: 'signedIn',
    summary: 'Delete a quote with its lines, comments and own addresses, in one transaction',
    rule: 'Levels 0 and 1 their own quotes; level 5 its platform; level 9 all; others answer NOT_FOUND',
  },
  'quoteManagement/copyQuote': {
    request: quotes.ZCopyQuoteRequest,
    response: ZQuote,
    access: 'signedIn',
    summary:
      'Copy a quote under the client’s new _id: a type 1 quote of the caller, unlocked, lines copied, no documents',
    rule: 'Levels 0 and 1 their own quotes; level 5 its platform; level 9 all; others answer NOT_FOUND; the same _id twice makes one copy',
  },
  'quoteManagement/getLines': {
    request: quotes.ZGetLinesRequest,
    response: ZPage(ZQuoteLine),
    access: 'signedIn',
    summary: 'A quote’s lines, paged (default order id ascending; search part number, product name, description)',
    rule: 'Levels 0 and 1 their own quotes, level 1 also the quote requests of its platform; level 5 its platform; level 9 all; others answer NOT_FOUND',
  },
  'quoteManagement/updateLine': {
    request: quotes.ZUpdateLineRequest,
    response: quotes.ZUpdateLineResult,
    access: 'signedIn',
    summary:
      'Change a line’s quantity; a configured line is priced again for it (quantity breaks), the quote’s total follows and its version is bumped in the same transaction',
    rule: 'Levels 0 and 1 their own quotes; level 5 its platform; level 9 all; others answer NOT_FOUND; not locked (MSG.quoteLocked), not an order; quantity at least 1 (MSG.quantityMin); `version` is the line’s own (not the quote’s), so an edit of another line meanwhile is no conflict',
  },
  'quoteManagement/deleteLine': {
    request: quotes.ZDeleteLineRequest,
    response: quotes.ZDeleteLineResult,
    access: 'signedIn',
    summary: 'Remove a line; the quote is re-priced and its version bumped in the same transaction',
    rule: 'Levels 0 and 1 their own quotes; level 5 its platform; level 9 all; others answer NOT_FOUND; not locked (MSG.quoteLocked), not an order; `version` is the line’s own (not the quote’s)',
  },
  'quoteManagement/getQuoteApproval': {
    request: approvals.ZGetQuoteApprovalRequest,
    response: ZQuoteApproval,
    access: 'signedIn',
    summary:
      'A quote’s approval, explained: its state, the rules it meets by step with who acted, and the smallest change that would need no approval',
    rule: 'Quotes the caller may read (owners, their platform’s administrators, level 9); others answer NOT_FOUND',
  },
  'quoteManagement/submitForApproval': {
    request: approvals.ZSubmitForApprovalRequest,
    response: ZQuoteApproval,
    access: 'signedIn',
    summary: 'Ask for approval of a quote that meets approval rules; the first step’s approvers are mailed',
    rule: 'Quotes the caller may change, at the quote’s version; a quote meeting no rule, waiting or approved already answers 409',
  },
  'quoteManagement/approveQuote': {
    request: approvals.ZApproveQuoteRequest,
    response: ZQuoteApproval,
    access: { minLevel: ROLE_LEVEL.registered },
    summary: 'Approve the current step of a quote waiting for approval; the next step’s approvers are mailed',
    rule: 'Approvers of the step: its role level or higher, or its named users (or a stand-in of their level or higher), of the quote’s platform (level 9 any); not the quote’s owner; at the quote’s version',
  },
  'quoteManagement/rejectQuote': {
    request: approvals.ZRejectQuoteRequest,
    response: ZQuoteApproval,
    access: { minLevel: ROLE_LEVEL.registered },
    summary: 'Reject a quote waiting for approval, saying why (comment required); the owner is mailed',
    rule: 'As approveQuote',
  },
  'quoteManagement/getApprovalsWaiting': {
    request: approvals.ZGetApprovalsWaitingRequest,
    response: ZPage(ZApprovalWaiting),
    access: { minLevel: ROLE_LEVEL.registered },
    summary: 'Quotes waiting for the caller’s approval at their current step, oldest first',
    rule: 'Quotes of the caller’s platform (level 9 all) whose current step the caller may decide',
  },
  'quoteManagement/getMyApprovals': {
    request: approvals.ZGetMyApprovalsRequest,
    response: ZMyApprovals,
    access: { minLevel: ROLE_LEVEL.registered },
    summary: 'Whether the caller approves any rule of their platform, and how many quotes wait for their decision',
    rule: 'The caller’s own standing: rules of the caller’s platform naming them or a level they hold; quotes as getApprovalsWaiting',
  },
  'quoteManagement/createCommunication': {
    request: quotes.ZCreateCommunicationRequest,
    response: ZCommunication,
    access: 'signedIn',
    summary: 'Add a comment (1 to 2000 characters) to a quote, written by the caller',
    rule: 'Levels 0 and 1 their own quotes; level 5 its platform; level 9 all; others answer NOT_FOUND; the username is the caller’s, whatever the body says',
  },
  'quoteManagement/getCommunications': {
    request: quotes.ZGetCommunicationsRequest,
    response: quotes.ZGetCommunicationsResult,
    access: 'signedIn',
    summary: 'A quote’s comments, oldest first',
    rule: 'Levels 0 and 1 their own quotes, level 1 also the quote requests of its platform; level 5 its platform; level 9 all; others answer NOT_FOUND',
  },
  'quoteManagement/getQuoteContact': {
    request: quotes.ZGetQuoteContactRequest,
    response: quotes.ZGetQuoteContactResult,
    access: 'signedIn',
    summary: 'The quote’s customer and the billing and shipping addresses to choose from (its own first)',
    rule: 'Levels 0 and 1 their own quotes; level 5 its platform; level 9 all; others answer NOT_FOUND',
  },
  'quoteManagement/findQuoteCustomers': {
    request: quotes.ZFindQuoteCustomersRequest,
    response: quotes.ZFindQuoteCustomersResult,
    access: { minLevel: ROLE_LEVEL.registered },
    summary: 'The customers of a quote’s platform to autofill it from, searched as on /Customers (at most 20)',
    rule: 'Levels 1 their own quotes; level 5 its platform; level 9 all; only the quote’s platform’s customers',
  },
  'quoteManagement/setQuoteCustomer': {
    request: quotes.ZSetQuoteCustomerRequest,
    response: quotes.ZSetQuoteCustomerResult,
    access: { minLevel: ROLE_LEVEL.registered },
    summary:
      'Autofill a quote’s contact and addresses from a customer of its platform (null lets go of it); its lines are priced again for that customer (price list, dealer pricing), and the answer says what changed',
    rule: 'Levels 1 their own quotes; level 5 its platform; level 9 all; the customer must be of the quote’s platform; a stale version answers 409',
  },
  'quoteManagement/getCurrentPrintedDocument': {
    request: docs.ZGetCurrentPrintedDocumentRequest,
    response: docs.ZDocumentRevisions,
    access: 'signedIn',
    summary: 'The printed quote: the current revision (null before Create Quote) and every revision',
    rule: 'Levels 0 and 1 their own quotes; level 5 its platform; level 9 all; others NOT_FOUND',
  },
  'quoteManagement/getPricingDoc': {
    request: docs.ZGetPricingDocRequest,
    response: docs.ZDocumentRevisions,
    access: 'signedIn',
    summary: 'A line’s pricing document: the current revision (null: No Document Available.) and every revision',
    rule: 'Lines of quotes the caller may see (levels 0 and 1 own, 5 platform, 9 all); others NOT_FOUND',
  },
  'quoteManagement/getSOWriteUpDocumentLink': {
    request: docs.ZGetSOWriteUpDocumentLinkRequest,
    response: docs.ZDocumentRevisions,
    access: 'signedIn',
    summary: 'The sales-order write-up: the current revision and every revision, newest first',
    rule: 'Levels 0 and 1 their own quotes; level 5 its platform; level 9 all; others NOT_FOUND',
  },
  'quoteManagement/getQuoteDocuments': {
    request: docs.ZGetQuoteDocumentsRequest,
    response: docs.ZQuoteDocuments,
    access: 'signedIn',
    summary: 'Every revision of every document of a quote (printed quote, pricing, write-up), newest first',
    rule: 'Levels 0 and 1 their own quotes; level 5 its platform; level 9 all; others NOT_FOUND',
  },
  'quoteManagement/downloadFile': {
    request: docs.ZDownloadFileRequest,
    response: docs.ZDownloadLink,
    access: 'signedIn',
    summary: 'A signed link (GET /api/files/<token>, 60 s) that downloads a document under its original name',
    rule: 'Documents of quotes the caller may see; the link is bound to the document and the caller, and access is checked again when it is fetched',
  },
  'quoteManagement/placeOrder': {
    request: orders.ZPlaceOrderRequest,
    response: ZQuote,
    access: { minLevel: ROLE_LEVEL.registered },
    summary:
      'Turn a quote into an order with a purchase-order number: type 2, dateOrderPlaced, the platform’s integration, a confirmation e-mail',
    rule: 'Type 1 quotes the caller may see (level 1 own, 5 platform, 9 all); not for card-checkout users; not locked (MSG.quoteLocked), at least one line (MSG.addLine); a stale version answers 409; the same request again answers the order it placed',
  },
  'quoteManagement/setOrderStatus': {
    request: orders.ZSetOrderStatusRequest,
    response: ZQuote,
    access: admin,
    summary: 'Set an order’s status; after it commits, contentchange reaches every open screen of the platform',
    rule: 'Orders of the caller’s platform (level 9 all); status types of the order’s platform at or below the caller’s level; order-status e-mails go to the platform’s notification addresses',
  },
  'quoteManagement/sendOrderStatusEmails': {
    request: orders.ZSendEmailRequest,
    response: orders.ZSendEmailResult,
    access: admin,
    summary: 'Mail an order-status update (HTML sanitised) through the outbox',
    rule: 'Recipients: the caller’s platform’s notification addresses, its users and customers, and the contacts of its quotes (level 9: of any platform); at most 50',
  },
  'administration/sendEmail': {
    request: orders.ZSendEmailRequest,
    response: orders.ZSendEmailResult,
    access: admin,
    summary: 'The generic send-e-mail call: { emails, subject, htmlBody }, HTML sanitised, through the outbox',
    rule: 'Recipients: the caller’s platform’s notification addresses, its users and customers, and the contacts of its quotes (level 9: of any platform); at most 50',
  },
  'quoteManagement/shareQuote': {
    request: portal.ZShareQuoteRequest,
    response: portal.ZShareQuoteResult,
    access: { minLevel: ROLE_LEVEL.registered },
    summary:
      'Share the quote’s current printed revision with one e-mail address: a link (/q/<token>) that opens it without an account, mailed to the address and answered once',
    rule: 'Type 1 quotes the caller may see (level 1 own, 5 platform, 9 all) that have a printed quote; a stale version answers 409; the token is kept only as its SHA-256',
  },
  'quoteManagement/revokeQuoteShare': {
    request: portal.ZRevokeQuoteShareRequest,
    response: portal.ZQuoteShare,
    access: { minLevel: ROLE_LEVEL.registered },
    summary: 'Revoke a quote link: it opens nothing from now on (the same call again answers the revoked link)',
    rule: 'Links of quotes the caller may see (level 1 own, 5 platform, 9 all); others NOT_FOUND',
  },
  'quoteManagement/getQuoteShares': {
    request: ZByNumericId,
    response: portal.ZQuoteShares,
    access: { minLevel: ROLE_LEVEL.registered },
    summary: 'Every link of a quote, newest first, with its status and its openings',
    rule: 'Quotes the caller may see (level 1 own, 5 platform, 9 all); others NOT_FOUND',
  },
  'quoteManagement/setLineOptional': {
    request: portal.ZSetLineOptionalRequest,
    response: ZQuote,
    access: { minLevel: ROLE_LEVEL.registered },
    summary: 'Mark a line optional (the customer chooses it on the quote link) or required again (it is in the total)',
    rule: 'Type 1 quotes the caller may see (level 1 own, 5 platform, 9 all), not locked; a stale line version answers 409',
  },
  'quotePortal/getQuote': {
    request: portal.ZPortalRequest,
    response: portal.ZPortalQuote,
    access: 'public',
    summary: 'The shared quote as the PDF shows it, for the holder of its link; each call is recorded as an opening',
    rule: 'Only the link’s own quote; unknown, tampered, revoked and expired links answer NOT_FOUND alike; rate-limited per address',
  },
  'quotePortal/chooseLines': {
    request: portal.ZChooseLinesRequest,
    response: portal.ZPortalQuote,
    access: 'public',
    summary: 'Choose which optional lines are in; the server totals the quote again',
    rule: 'Only optional lines of the link’s own open quote; a required line or another quote’s line answers 400; rate-limited',
  },
  'quotePortal/addComment': {
    request: portal.ZPortalCommentRequest,
    response: portal.ZPortalQuote,
    access: 'public',
    summary: 'Comment on the shared quote; the sales side sees it with the quote’s communications',
    rule: 'Only the link’s own open or accepted quote; rate-limited per link and address',
  },
  'quotePortal/requestCurrent': {
    request: portal.ZPortalRequest,
    response: portal.ZRequestCurrentResult,
    access: 'public',
    summary: 'From a superseded link: mail a link to the quote’s current revision to the link’s own address',
    rule: 'Only superseded links; the new link goes to the address the quote was shared with, never to the caller; rate-limited',
  },
  'quotePortal/accept': {
    request: portal.ZAcceptQuoteRequest,
    response: portal.ZAcceptQuoteResult,
    access: 'public',
    summary:
      'Accept the shared quote: signature, consent, then payment by card or a PO number; the quote becomes an order as Place Order does, and a signed PDF is mailed to both sides',
    rule: 'Only the link’s own open quote, within its validity, at the view the customer read (viewHash, else 409); card when the platform takes cards, else PO; the same acceptance again answers the first',
  },
  'paymentManagement/payment': {
    request: orders.ZPaymentRequest,
    response: orders.ZPaymentResult,
    access: { minLevel: ROLE_LEVEL.registered },
    summary:
      'Pay a quote by card (amount = total x 100, id = the card form’s payment method) and turn it into an order',
    rule: 'Type 1 quotes the caller may see; card-checkout users only; the amount must be the quote’s total; not locked, at least one line; one charge and one order per quote however often it is sent; declined: PAYMENT_DECLINED (402), provider unreachable: PAYMENT_UNAVAILABLE (502), the quote unchanged',
  },
  'paymentManagement/getPaymentConfig': {
    request: ZEmpty,
    response: orders.ZPaymentConfig,
    access: 'signedIn',
    summary: 'Which card form the browser shows: the built-in test gateway, or Stripe with its publishable key',
  },
  'quoteManagement/createRMAs': {
    request: integrations.ZCreateRmasRequest,
    response: integrations.ZCreateRmasResult,
    access: { minLevel: ROLE_LEVEL.registered },
    summary:
      'Return lines of an order: one RMA per line (number RMA0000 + order id), rmaCreated on the order and the line, sent to the platform’s ERP by a durable job',
    rule: 'Orders the caller may see (level 1 own, 5 platform, 9 all); reason required (MSG.rmaReasonRequired), quantity 1 to the line’s (Quantity can be no greater than {n}); a line returned before answers its RMA again, unchanged',
  },
  'quoteManagement/getRMAs': {
    request: integrations.ZGetRmasRequest,
    response: integrations.ZCreateRmasResult,
    access: { minLevel: ROLE_LEVEL.registered },
    summary: 'The RMAs of an order and where each stands in the ERP',
    rule: 'Orders the caller may see (level 1 own, 5 platform, 9 all); others NOT_FOUND',
  },
  'quoteManagement/createQuoteInitiatedFromSalesforce': {
    request: integrations.ZCreateQuoteFromCrmRequest,
    response: ZQuote,
    access: { minLevel: ROLE_LEVEL.registered },
    summary:
      'The CRM hand-off: a quote from the CRM’s parameters (contact, billing address, codes), linked to its opportunity and sent to the CRM by a job; with existingQuote and quoteId, that quote',
    rule: 'A new quote belongs to the caller on their platform; an existing quote must be one the caller may see; the same opportunity handed off again by the same user answers the quote it made',
  },
  'quoteManagement/salesforceCreateQuote': {
    request: integrations.ZSalesforceCreateQuoteRequest,
    response: ZQuote,
    access: { minLevel: ROLE_LEVEL.registered },
    summary: 'A new quote for a CRM opportunity, sent to the CRM by a job (the CRM quote and its number follow)',
    rule: 'The quote belongs to the caller on their platform',
  },
  'quoteManagement/salesforceUpdateQuote': {
    request: integrations.ZSalesforceUpdateQuoteRequest,
    response: ZQuote,
    access: { minLevel: ROLE_LEVEL.registered },
    summary: 'Link our quote (swiftSellQuoteId) to a CRM quote and send it there by a job',
    rule: 'Quotes the caller may see (level 1 own, 5 platform, 9 all); others NOT_FOUND',
  },
  'quoteManagement/updateSalesforceQuoteNumber': {
    request: integrations.ZUpdateSalesforceQuoteNumberRequest,
    response: ZQuote,
    access: { minLevel: ROLE_LEVEL.registered },
    summary: 'Record the CRM’s quote number on our quote',
    rule: 'Quotes the caller may see (level 1 own, 5 platform, 9 all); others NOT_FOUND',
  },
  'quoteManagement/salesforceGetQuoteNumber': {
    request: integrations.ZSalesforceGetQuoteNumberRequest,
    response: integrations.ZSalesforceQuoteNumber,
    access: { minLevel: ROLE_LEVEL.registered },
    summary: 'The CRM quote number, ids and the state of the CRM sync of a quote',
    rule: 'Quotes the caller may see (level 1 own, 5 platform, 9 all); others NOT_FOUND',
  },
  'quoteManagement/updateSolidfitLinePricing': {
    request: integrations.ZUpdateSolidfitLinePricingRequest,
    response: ZQuote,
    access: { minLevel: ROLE_LEVEL.registered },
    summary:
      'Apply the pricing step to lines: each gets the price the server gives it now (a configured line from its configuration, a fixed-price line at its product’s price); the total follows and, for a CRM quote, the CRM is updated by a job',
    rule: 'Type 1 quotes the caller may see, not locked; quoteGenConfigId is the quote’s own review configuration (else NOT_FOUND); every line must be on that quote (else nothing changes); a line’s `version` is its own; a client never sends a price (a price key answers 400)',
  },
  'administration/getJobs': {
    request: integrations.ZGetJobsRequest,
    response: ZPage(integrations.ZJob),
    access: admin,
    summary:
      'Calls to remote systems (ERP, CRM) and where each stands, newest first; status dead lists the failed ones',
    rule: 'Jobs of the caller’s platform; level 9 all',
  },
  'administration/retryJob': {
    request: integrations.ZRetryJobRequest,
    response: integrations.ZJob,
    access: admin,
    summary: 'Run a failed job again now, from its first attempt, with the same idempotency key',
    rule: 'Failed (dead) jobs of the caller’s platform; level 9 all; others 409 (MSG.jobNotRetryable) or NOT_FOUND',
  },
  'platformManagement/getIntegrationSettings': {
    request: integrations.ZGetIntegrationSettingsRequest,
    response: integrations.ZIntegrationSettings,
    access: admin,
    summary: 'A platform’s ERP and CRM connection settings, without their secrets (hasPassword, hasClientSecret)',
    rule: 'Administrators their own platform; level 9 any',
  },
  'platformManagement/updateIntegrationSettings': {
    request: integrations.ZUpdateIntegrationSettingsRequest,
    response: integrations.ZIntegrationSettings,
    access: admin,
    summary:
      'Set or remove a platform’s ERP and CRM connection; secrets are stored encrypted, never answered, and kept when sent empty',
    rule: 'Administrators their own platform; level 9 any',
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
