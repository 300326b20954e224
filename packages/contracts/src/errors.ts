import { z } from 'zod';

/** Machine-readable error codes and the HTTP status each answers with: one table, used by the server's handler. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_PASSCODE: 401,
  /** The card was declined: the message is the provider's, for the buyer. */
  PAYMENT_DECLINED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RESET_INVALID: 404,
  CONFLICT: 409,
  USERNAME_TAKEN: 409,
  RESET_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A configuration model is well formed but does not compile within the server's limits. */
  MODEL_TOO_COMPLEX: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The payment provider could not be reached or failed: nothing was charged, try again. */
  PAYMENT_UNAVAILABLE: 502,
  /** The server shed the call under overload before doing anything: the same call may be sent again after Retry-After. */
  SERVER_BUSY: 503,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [TErrorCode, ...TErrorCode[]];

export const ZErrorDetail = z.object({ path: z.string(), message: z.string() });
export type TErrorDetail = z.infer<typeof ZErrorDetail>;

/** The failure envelope: a message a person can read, a machine code, and one detail per invalid field. */
export const ZFailure = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  details: z.array(ZErrorDetail).optional(),
});
export type TFailure = z.infer<typeof ZFailure>;

/** The success envelope around a route's result. */
export const ZSuccess = <T extends z.ZodType>(result: T) => z.object({ success: z.literal(true), result });
