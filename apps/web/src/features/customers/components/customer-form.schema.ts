import {
  EM_DASH,
  formatPhone,
  type TCustomer,
  type TCustomerInput,
  ZBillingAddressInput,
  ZCustomerInput,
} from '@cpq/contracts';
import { z } from 'zod';

/** The price list select's value for 'None (list prices)'. */
export const NO_PRICE_LIST = 'none';

const ZBillingForm = z.object({
  Address: z.string(),
  Address2: z.string(),
  City: z.string(),
  State: z.string(),
  Zip: z.string(),
  sameAsShipping: z.boolean(),
});
type TBillingForm = z.infer<typeof ZBillingForm>;

const hasBilling = (billing: TBillingForm) =>
  [billing.Address, billing.Address2, billing.City, billing.State, billing.Zip].some((value) => value.trim() !== '');

/**
 * The customer form: the request's contact fields ('ERP ID is a required field.', 'Invalid email address.') and the
 * embedded billing address, which is optional as a whole but checked by the address rules once any of it is filled.
 */
export const ZCustomerForm = ZCustomerInput.pick({
  firstName: true,
  lastName: true,
  companyName: true,
  email: true,
  phone: true,
  erpId: true,
})
  /** The price list's id as the select holds it (NO_PRICE_LIST for none). */
  .extend({ isDealer: z.boolean(), priceListId: z.string(), billingAddress: ZBillingForm })
  .superRefine((values, ctx) => {
    if (!hasBilling(values.billingAddress)) return;
    const result = ZBillingAddressInput.safeParse(values.billingAddress);
    for (const issue of result.success ? [] : result.error.issues) {
      ctx.addIssue({ code: 'custom', path: ['billingAddress', ...issue.path], message: issue.message });
    }
  });
export type TCustomerForm = z.input<typeof ZCustomerForm>;
export type TCustomerFormOutput = z.output<typeof ZCustomerForm>;

/** A stored phone as the form shows it: (AAA) BBB-CCCC when it is a US number, otherwise as stored. */
const phoneText = (phone: string | null | undefined): string => {
  const text = formatPhone(phone);
  return text === EM_DASH ? '' : text;
};

export const customerFormDefaults = (customer?: TCustomer | null): TCustomerForm => {
  const billing = customer?.billingAddress;
  return {
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    companyName: customer?.companyName ?? '',
    email: customer?.email ?? '',
    phone: phoneText(customer?.phone),
    erpId: customer?.erpId ?? '',
    isDealer: customer?.isDealer ?? false,
    priceListId: customer?.priceListId ? String(customer.priceListId) : NO_PRICE_LIST,
    billingAddress: {
      Address: billing?.Address ?? '',
      Address2: billing?.Address2 ?? '',
      City: billing?.City ?? '',
      State: billing?.State ?? '',
      Zip: billing?.Zip ?? '',
      sameAsShipping: billing?.sameAsShipping ?? false,
    },
  };
};

const orNull = (value: string | null | undefined) => (value ? value : null);

/**
 * The request input. Empty text is sent as null; an empty billing form is left out on create and sent as null
 * on update only when the customer had a billing address (the server then removes it).
 */
export function toCustomerInput(values: TCustomerFormOutput, existing?: TCustomer | null): TCustomerInput {
  const billing = values.billingAddress;
  const input: TCustomerInput = {
    firstName: orNull(values.firstName),
    lastName: orNull(values.lastName),
    companyName: orNull(values.companyName),
    email: orNull(values.email),
    phone: orNull(values.phone),
    erpId: values.erpId,
    isDealer: values.isDealer,
    priceListId: values.priceListId === NO_PRICE_LIST ? null : Number(values.priceListId),
  };
  if (hasBilling(billing)) input.billingAddress = ZBillingAddressInput.parse(billing);
  else if (existing?.billingAddress) input.billingAddress = null;
  return input;
}
