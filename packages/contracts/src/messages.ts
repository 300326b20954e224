import { formatNumber } from './format-number';
import { MAX_QUOTE_LINES } from './limits';
import { SHELL_MSG } from './shell-messages';

/**
 * User-facing messages, word for word from the spec. Server and web both use these constants so that a
 * message never drifts between the two. Functions build the messages that carry a value.
 */
export const MSG = {
  ...SHELL_MSG,
  invalidEmail: 'Invalid email address.',
  emailRequired: 'Email address is required.',
  nameRequired: 'Name is required',
  passwordRequired: 'Password is required.',
  passwordRules:
    'Must contain at least 8 Characters, One Uppercase, One Lowercase, One Number and One Special Character',
  passwordRulesUserForm:
    'Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and One Special Character',
  confirmPassword: 'Please confirm your password.',
  passwordsDoNotMatch: 'Passwords do not match.',
  noPasscode: 'No passcode provided.',
  passcodeSixNumbers: 'Passcode must be 6 numbers.',
  passcodeOnlyNumbers: 'Passcode can only contain numbers.',
  resetFailed: 'Password reset failed!',
  resetExpired: 'Your login token has expired.',
  resetInvalid: 'Invalid password reset request.',
  userSaved: 'User saved successfully!',
  mfaRequiredByPlatform: 'MFA Required by platform.',
  cannotGenerateSecret: 'Cannot generate secret.',
  deleteUsersQuestion: 'Are you sure you want to delete the following users?',
  checkoutTypeRequired: 'Checkout type is required.',
  platformRequired: 'Platform is required.',
  descriptionTooLong: 'Description can be at most 250 characters.',
  statusLevelMin: 'Number must be greater than or equal to zero.',
  statusLevelMax:
    'Nine is the highest access level built into the system. Please select a number from zero through nine.',
  displayOrderMin: 'The lowest value for this field is zero.',
  zipFormat: 'Incorrect format for Zip',
  erpIdRequired: 'ERP ID is a required field.',
  atLeastOneColumn: 'Must have at least 1 column header visible.',
  unsavedChanges: 'Changes have been made are you sure you want to cancel?',
  yesDelete: 'Yes, Delete',
  noCancel: 'No, Cancel',
  fieldRequired: 'This field is required.',
  positiveNumber: 'Must be a positive number.',
  notANumber: 'Must be a number.',
  invalidCredentials: 'The username or password is incorrect.',
  signInThrottled: 'Too many failed sign-in attempts. Wait a little, or reset your password, and try again.',
  tooManyRequests: 'Too many requests. Wait a minute and try again.',
  signInRequired: 'Please sign in to continue.',
  forbidden: 'You do not have access to this. Ask an administrator if you need it.',
  notFound: 'We could not find that record. It may have been deleted; refresh the list and try again.',
  conflict: 'Someone else changed this record. Reload it to see their changes, then try again.',
  usernameTaken: 'An account with this email address already exists. Sign in, or reset your password.',
  malformedJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request is too large.',
  commonPassword: 'This password is too common. Choose one that is harder to guess.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotRaiseOwnLevel: 'You cannot change your own role or platform.',
  roleAboveCallerLevel: 'You cannot assign a role above your own level.',
  mailCodeWrong: 'That code is not right. Enter the code from the latest mail we sent you.',
  mailCodeExpired: 'That code has expired. We sent a new code to your e-mail address.',
  mailCodeTooManyTries: 'Too many wrong codes. Sign in again to get a new code.',
  mailCodeMissing: 'There is no code waiting for you. Sign in again to get a new code.',
  mfaEnrolmentExpired: 'The authenticator setup has expired. Start again to get a new code.',
  currentPasswordRequired: 'Enter your current password to change it.',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordResetDone: 'Your password has been reset. Sign in with your new password.',
  confirmCancel: 'Are you sure you want to cancel?',
  configurationDetails: 'Configuration Details',
  emailToSave: 'Please enter your email to save your configuration.',
  quantityMin: 'Cannot set quantity to a number less than 1.',
  configurationIncomplete: 'This configuration is not complete yet. Answer the required options marked *, then Finish.',
  configurationNotFound: 'We could not find that configuration. It may have been deleted; start a new one.',
  productNotConfigurable: 'This product has no configuration model. Ask an administrator to give it one.',
  fixedPriceNotConfigurable: 'This product has a fixed price: add it to a quote from the catalog instead.',
  quoteNotEditable: 'This quote cannot take new lines: it is locked or already an order.',
  quoteLocked: 'Quote is locked, no action can be taken.',
  quantityNotOffered: 'This product cannot be ordered in that quantity.',
  orderNotLockable: 'An order cannot be locked: it is already fixed. Lock quotes and quote requests.',
  amountFormat: 'Enter an amount such as 1234.50, with at most 4 decimals and no minus sign.',
  amountTooLarge: 'Enter an amount of at most $999,999,999,999,999.99.',
  discountPercentFormat: 'Enter a discount between 0 and 100 per cent, with at most 2 decimals, such as 12.5.',
  discountForbidden: 'Only a sales representative can give a discount: ask the one who handles your request.',
  lineChangeEmpty: 'Send the quantity or the discount to change.',
  quoteTotalTooLarge:
    'This would take the quote total past $999,999,999,999,999.99. Lower the quantity, or put the lines on separate quotes.',
  quoteLinesFull: `A quote holds at most ${formatNumber(MAX_QUOTE_LINES)} lines. Put the rest on a new quote, or remove lines this one no longer needs.`,
  cardAmountTooLarge: 'This total is too large to pay by card. Place the order with a purchase-order number instead.',
  orderLinesFixed: 'This is an order: its lines cannot be changed.',
  orderNotDeletable: 'An order cannot be deleted.',
  orderReadOnly: 'This is an order: its details and PO number cannot be changed. An administrator can set its status.',
  orderConfigurationReadOnly:
    'This configuration is on an order and cannot be changed. Use Copy to a new quote to change a copy of it.',
  cardCheckoutOnly: 'Your account pays by card: use the card form on the Summary tab.',
  invalidDate: 'Enter a real date as MM/DD/YYYY, for example 03/15/2027.',
  notAnOrder: 'This is not an order: only orders have an order status.',
  customerAutofilled: 'You cannot edit a customer that has been autofilled.',
  customerAutofilledAdmin: 'You must edit contact information on the customers page',
  addContactName: 'Please add a contact first and last name.',
  addLine: 'Please add a line.',
  commentRequired: 'Write a comment first.',
  totalPrice: 'Total Price',
  noDocumentAvailable: 'No Document Available.',
  orderDocumentPreparing: 'The order document is being prepared. It will be listed under Documents in a moment.',
  rmaReasonRequired: 'Please state a reason for this RMA',
  rmaCreated: 'RMA Created!',
  rmaOnlyOrders: 'Only an order can be returned: this quote has not been ordered yet.',
  rmaLineNotOnOrder: 'That line is not on this order. Reload the order and try again.',
  jobNotRetryable: 'Only a failed job can be retried; this one is waiting, running or done.',
  notAQuoteRequest: 'This is not a quote request: only a request from a visitor can be taken or converted.',
  takeRequestFirst: 'Take this quote request first: it becomes a quote in the hands of whoever took it.',
  modelDraftStale:
    'Someone saved this draft after you opened it. Reload the draft to see their changes, then make yours again.',
  modelDraftSaved: 'Draft saved',
  modelPublishBlocked:
    'This model has errors to fix before it can be published. Fix the findings listed, then publish again.',
  modelPreviewNoDraft: 'Save the draft first: the preview runs the saved draft.',
  downloadLinkInvalid: 'This download link has expired or is not valid. Open the document again to get a new one.',
} as const;

/** A model that does not compile within the limits (`limit` says which, e.g. 'did not compile within 10 s'), at save. */
export const msgModelTooComplex = (limit: string): string =>
  `This model is too complex to configure: it ${limit}. Make it smaller (fewer options or values, or constraints that each relate fewer options), then save it again.`;

/** The same, for a user starting a product whose stored model version does not compile within the limits. */
export const msgProductModelTooComplex = (limit: string): string =>
  `This product cannot be configured: its model ${limit}. Ask an administrator to simplify the model.`;

/** 'Published version {n}' */
export const msgModelPublished = (version: number): string => `Published version ${version}`;

/** 'Editing User: {username}' */
export const msgEditingUser = (username: string): string => `Editing User: ${username}`;
/** 'Are you sure you want to delete {username}?' */
export const msgDeleteUserQuestion = (username: string): string => `Are you sure you want to delete ${username}?`;
/** 'Successfully updated Status Type' / 'Successfully created Address' … */
export const msgSaved = (
  verb: 'updated' | 'created',
  what: 'Status Type' | 'Address' | 'Customer' | 'Price List' | 'Approval Rule',
): string => `Successfully ${verb} ${what}`;
/** 'Successfully deleted Address with the ID of {id}' */
export const msgAddressDeleted = (id: number | string): string => `Successfully deleted Address with the ID of ${id}`;
/** 'Successfully deleted Contact with the ID of {id}' */
export const msgContactDeleted = (id: number | string): string => `Successfully deleted Contact with the ID of ${id}`;
const boundText = (bound: number | string): string => (typeof bound === 'number' ? formatNumber(bound) : bound);
/** 'This field can be no smaller than {min}', a number written as the field's hint writes it ('1,500'). */
export const msgNoSmallerThan = (min: number | string): string => `This field can be no smaller than ${boundText(min)}`;
/** 'This field can be no larger than {max}', a number written as the field's hint writes it ('8,000'). */
export const msgNoLargerThan = (max: number | string): string => `This field can be no larger than ${boundText(max)}`;
/** 'Added {partNumber} to Quote #{id}' */
export const msgAddedToQuote = (partNumber: string, id: number | string): string =>
  `Added ${partNumber} to Quote #${id}`;
/** 'Updated {partNumber} on Quote #{id}': Finish after editing a line's saved configuration. */
export const msgUpdatedOnQuote = (partNumber: string, id: number | string): string =>
  `Updated ${partNumber} on Quote #${id}`;
/** 'Quantity can be no greater than {n}' */
export const msgQuantityNoGreaterThan = (n: number | string): string => `Quantity can be no greater than ${n}`;
/** A quote that was ordered already: where to find it. */
export const msgAlreadyOrdered = (id: number | string): string =>
  `Quote #${id} is already an order. Open it from Orders.`;
/** A call shed under overload (503), with its Retry-After. */
export const msgServerBusy = (seconds: number): string =>
  `The server is busy; try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
/** How long a mail-limit window is, in words: 'hour', '30 minutes'. */
const windowWords = (windowMs: number): string => {
  const minutes = Math.round(windowMs / 60_000);
  if (minutes % 60 === 0) return minutes === 60 ? 'hour' : `${minutes / 60} hours`;
  return minutes <= 1 ? 'minute' : `${minutes} minutes`;
};
/** When a wait ends, in words: 'in 1 minute', 'in 42 minutes'. */
const waitWords = (waitMs: number): string => {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};
/** A composed mail refused (429): the caller or their platform reached its mail limit. */
export const msgMailLimitReached = (scope: 'user' | 'platform', limit: number, windowMs: number, waitMs: number) =>
  `${scope === 'user' ? 'You have' : 'Your platform has'} reached the limit of ${limit} e-mail recipients per ${windowWords(windowMs)}. Nothing was sent; try again ${waitWords(waitMs)}.`;
/** An order confirmation kept from the order's contact address: the note in the buyer's copy. */
export const msgConfirmationWithheld = (contact: string) =>
  `We did not send a copy to ${contact}: the limit of e-mail to addresses typed in orders was reached. Forward this mail if they need it.`;
/** The write-up placed the order. */
export const msgOrderPlaced = (id: number | string): string => `Order #${id} placed.`;
/** '{field} contains a character that cannot be saved (such as NUL). Remove it and try again.' */
export const msgUnstorableText = (field: string): string =>
  `${field} contains a character that cannot be saved (such as NUL). Remove it and try again.`;
/** '{field} is nested too deeply.' */
export const msgNestedTooDeeply = (field: string): string => `${field} is nested too deeply.`;

/** A quote request someone else has taken (409). */
export const msgRequestTakenBy = (id: number | string, username: string): string =>
  `Quote Request #${id} has already been taken by ${username}. Open Quote Requests to pick one that is still open.`;

/** 'Successfully deleted Price List with the ID of {id}' */
export const msgPriceListDeleted = (id: number | string): string =>
  `Successfully deleted Price List with the ID of ${id}`;
/** A price list still assigned to customers cannot be deleted (409). */
export const msgPriceListInUse = (count: number): string =>
  `${count} ${count === 1 ? 'customer uses' : 'customers use'} this price list. Assign them another price list (or none) first, then delete it.`;
/** Price list messages shared by the server and the administrators' form. */
export const PRICE_LIST_MSG = {
  nameTaken: 'A price list with this name already exists on this platform. Choose another name.',
  validToBeforeFrom: 'Valid To must be on or after Valid From.',
  duplicateTier: 'This product already has a tier from this quantity in the list.',
  percentFormat: 'Enter a percentage of list above 0 and at most 1000, with up to 2 decimals.',
  configuredNeedsPercent: 'A configured product is priced from its options: give it a percentage of list.',
  productNotFound: 'Choose a product of this platform.',
  valueNotPriced:
    'Choose a priced value of the product’s current model (an option and one of its values that has a price).',
  valueNeedsConfigurable:
    'Only a configurable product’s entries may name an option value: remove it, or choose a configurable product.',
} as const;

/** One line whose price changed when the quote's customer changed. */
export type TRepricedLine = { name: string; from: string; to: string };

/**
 * What re-pricing a quote for its new customer changed: 'Prices now follow price list Dealer: Widget $100.00 to
 * $90.00; ... The total is now $1,059.00 (was $1,240.00).' (`listName` null: list prices). At most three lines are
 * named.
 */
export const msgLinesRepriced = (
  listName: string | null,
  lines: readonly TRepricedLine[],
  total: { from: string; to: string },
): string => {
  const source = listName === null ? 'list prices' : `price list ${listName}`;
  const named = lines.slice(0, 3).map((line) => `${line.name} ${line.from} to ${line.to}`);
  if (lines.length > 3) named.push(`${lines.length - 3} more ${lines.length - 3 === 1 ? 'line' : 'lines'}`);
  return `Prices now follow ${source}: ${named.join('; ')}. The total is now ${total.to} (was ${total.from}).`;
};

/** A change of customer that moves the quote to another currency (its price list's): said after the prices. */
export const msgQuoteCurrencyChanged = (from: string, to: string, listName: string | null): string =>
  `The quote is now in ${to} (was ${from})${listName === null ? '' : `, the currency of price list ${listName}`}.`;
