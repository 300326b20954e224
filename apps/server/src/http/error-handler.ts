import { MSG, type TFailure } from '@cpq/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError, RateLimitedError } from '../lib/app-error';

const failure = (error: string, code: TFailure['code'], details?: TFailure['details']): TFailure =>
  details ? { success: false, error, code, details } : { success: false, error, code };

/** One detail per invalid field, with the field's dotted path (`input.password`). */
export function zodDetails(error: ZodError): NonNullable<TFailure['details']> {
  return error.issues.map((issue) => ({
    path: issue.path.join('.') || '(body)',
    message: issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}` : issue.message,
  }));
}

/**
 * Turns every error into the failure envelope. Known errors keep their message; anything else is logged with the
 * request id and answered 500 with a generic message, so no stack trace or SQL ever reaches a caller.
 */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.status(error.status).send(failure(error.message, error.code, error.details));
  }
  if (error instanceof ZodError) {
    const details = zodDetails(error);
    return reply.status(400).send(failure(details[0]?.message ?? 'Invalid request.', 'VALIDATION_FAILED', details));
  }
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.status(400).send(failure(MSG.malformedJson, 'BAD_REQUEST'));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return reply.status(413).send(failure(MSG.payloadTooLarge, 'PAYLOAD_TOO_LARGE'));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return reply.status(415).send(failure('Send the request body as JSON.', 'UNSUPPORTED_MEDIA_TYPE'));
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return reply.status(fastifyError.statusCode).send(failure('The request could not be read.', 'BAD_REQUEST'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(failure(MSG.internal, 'INTERNAL'));
}
