import type { TPayArgs } from '../hooks/use-checkout';

/** What the checkout panel gives either card form (the built-in test gateway's or Stripe's). */
export type TCardFormProps = {
  /** 'Pay $1,234.50' */
  payLabel: string;
  /** A payment is in flight: the pay button is disabled and shows a spinner (spec section 4). */
  isPaying: boolean;
  /** The quote cannot be ordered (locked, no lines): the reason shows above and the button is disabled. */
  isBlocked: boolean;
  onPay: (args: TPayArgs) => void;
};
