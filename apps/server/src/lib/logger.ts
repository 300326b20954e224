import pino, { type Logger } from 'pino';
import { serializeError } from './log-serializers';

/** Paths of secrets that must never reach a log line, whatever logs them. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.currentPassword',
  '*.token',
  '*.secret',
  '*.mfaSecret',
  '*.resetId',
];

/**
 * The app's one logger: JSON lines with secrets redacted and database errors reduced to their code, to stdout or
 * to `stream` (tests read it).
 */
export function createLogger(level: string, stream?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError, error: serializeError },
    },
    stream,
  );
}
