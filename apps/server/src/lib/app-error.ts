import { ERROR_STATUS, MSG, type TErrorCode, type TErrorDetail, type TQuoteRefusal } from '@cpq/contracts';

/**
 * The one error type services throw for anything a caller did or may do something about. The handler turns it
 * into the failure envelope with the status from the contracts' table; its message is shown to people as is.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly details: TErrorDetail[] | undefined;
  readonly status: number;

  constructor(code: TErrorCode, message: string, details?: TErrorDetail[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.status = ERROR_STATUS[code];
  }
}

/**
 * Throws a state rule's refusal (`quote-state` in contracts) as the API's error, so a service answers with the code
 * and message the web's buttons show; an allowed action (null) passes.
 */
export function assertAllowed(
  refusal: TQuoteRefusal | null,
  detailsOf?: (refusal: TQuoteRefusal) => TErrorDetail[] | undefined,
): void {
  if (refusal !== null) throw new AppError(refusal.code, refusal.message, detailsOf?.(refusal));
}

/** Too many attempts: answered 429 with a Retry-After header, so that clients and proxies know when to try again. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterMs: number, message: string = MSG.tooManyRequests) {
    super('RATE_LIMITED', message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}
