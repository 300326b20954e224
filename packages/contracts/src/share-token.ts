/**
 * The shape of a customer's quote-link token (`/q/<token>`): 32 random bytes in base64url. Apart from the portal's
 * schemas, so that the quote link page checks a token without loading zod.
 */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
