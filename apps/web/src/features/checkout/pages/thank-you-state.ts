/** What checkout hands /ThankYou in the router state (absent when the page is opened any other way). */
export type TThankYouState = { orderId?: number; email?: string };

/** The order id from router state, when it is one. */
export function orderIdFrom(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('orderId' in state)) return null;
  const { orderId } = state as TThankYouState;
  return typeof orderId === 'number' && Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null;
}

/** The e-mail the confirmation went to, from router state, when it is one. */
export function emailFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('email' in state)) return null;
  const { email } = state as TThankYouState;
  return typeof email === 'string' && email.includes('@') ? email : null;
}
