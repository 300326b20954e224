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
 * Paths whose last segment is a secret: a quote link (`/q/<token>`) opens a quote for whoever holds it, and a
 * download link (`/api/files/<token>`) a document for its minute.
 */
const SECRET_PATH = /^(\/q\/|\/api\/files\/)[^/?#]*/;

/** A request's URL as the log shows it: no query string, and no link token. */
export function loggedUrl(url: string): string {
  return (url.split('?')[0] ?? '').replace(SECRET_PATH, '$1[redacted]');
}

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
