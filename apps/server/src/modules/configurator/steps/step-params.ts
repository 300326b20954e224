import { type TInitialParameter, type TQuote, unitPrice } from '@cpq/contracts';

/** Sent for a line without a part name (spec section 9). */
export const NO_NAME = 'NO NAME ERROR';
/** Sent for a missing e-mail or phone (spec section 9). */
export const NOT_AVAILABLE = 'N/A';

const text = (Name: string, value: string | null | undefined): TInitialParameter =>
  value === null || value === undefined || value === ''
    ? { Name, SimpleValue: null, IsNull: true, Type: 0 }
    : { Name, SimpleValue: value, IsNull: false, Type: 0 };
const num = (Name: string, value: number): TInitialParameter => ({
  Name,
  SimpleValue: String(value),
  IsNull: false,
  Type: 1,
});
const bool = (Name: string, value: boolean): TInitialParameter => ({
  Name,
  SimpleValue: value ? 'True' : 'False',
  IsNull: false,
  Type: 2,
});

/** Joins per-line values with '|'; a '|' inside a value would split it, so it becomes '/'. */
const joined = (values: string[]): string => values.map((value) => value.replaceAll('|', '/')).join('|');

/**
 * The spec's initial parameters of a review (Create Quote) or write-up (Create Order) configuration, built by the
 * server from the quote itself: the quote and its contact, the billing address, and the lines as '|'-joined lists
 * (Line_Item, Line_Qty, Line_Desc, Line_Price, Line_Type, Line_Div, Line_ConfigurationID).
 */
export function stepParams(
  quote: TQuote,
  step: { isOrder: boolean; configurationId: string; username: string },
): TInitialParameter[] {
  const lines = quote.lines ?? [];
  const contact = quote.contact;
  const billing = quote.billingAddress;
  return [
    num('QuoteId', quote.id),
    bool('IsOrder', step.isOrder),
    text('ConfigurationID', step.configurationId),
    text('User_Login', step.username),
    text('projectname', quote.name),
    text('account_name', contact?.companyName ?? quote.sfCustomer),
    text('first_name', contact?.firstName ?? quote.firstName),
    text('last_name', contact?.lastName ?? quote.lastName),
    text('email', contact?.email || NOT_AVAILABLE),
    text('phone', contact?.phone || NOT_AVAILABLE),
    text('alt_phone', contact?.altPhone),
    text('address', billing?.Address),
    text('address2', billing?.Address2),
    text('city', billing?.City),
    text('state', billing?.State),
    text('zipcode', billing?.Zip),
    text('Country', billing?.Country),
    text('CountryCode', billing?.CountryCode),
    text('sfRepCode', quote.sfRepCode),
    text('sfTerritoryCode', quote.sfTerritoryCode),
    num('Line_Count', lines.length),
    text('Line_Item', joined(lines.map((line) => line.partNumber || line.CfgPartNumber || NO_NAME))),
    text('Line_Qty', joined(lines.map((line) => String(line.quantity)))),
    text('Line_Desc', joined(lines.map((line) => line.description ?? line.LineDescription ?? ''))),
    text('Line_Price', joined(lines.map((line) => unitPrice(line.price)))),
    text('Line_Type', joined(lines.map((line) => (line.isNonConfigurable ? 'Fixed' : 'Configured')))),
    text('Line_Div', joined(lines.map(() => quote.sfDivisionCode ?? ''))),
    text('Line_ConfigurationID', joined(lines.map((line) => line.configurationId ?? ''))),
  ];
}

/**
 * The parameters a step starts with: the client's, except any the server sets (those, the Line_* lists among
 * them, always come from the quote), then the server's.
 */
export function mergeStepParams(
  client: readonly TInitialParameter[] | undefined,
  server: TInitialParameter[],
): TInitialParameter[] {
  const names = new Set(server.map((param) => param.Name));
  const kept = (client ?? []).filter((param) => !names.has(param.Name) && !param.Name.startsWith('Line_'));
  return [...kept, ...server];
}
