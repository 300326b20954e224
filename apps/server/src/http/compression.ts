import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than its headers cost. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Answers up to this size are compressed on the request's own thread (Megane's 57 KB configure answer: 0.05 ms);
 * larger ones on libuv's thread pool, so that one big list does not hold up every other request.
 */
const SYNC_UP_TO_BYTES = 256 * 1024;

/** The codings the server can send, most preferred first when the client weighs them equally. */
type TCoding = 'br' | 'gzip';

/**
 * Fast settings. Alone in a loop, Megane's 57 KB configure answer takes 0.05 ms to 2.1 KB at brotli quality 1 (64 KB
 * window), 0.12-0.21 ms to 1.6 KB at quality 4 (the usual setting for answers compressed as they are sent); gzip
 * at level 1, 0.08 ms to 3.0 KB. Under load (50 sessions, 100 steps a second) runs with quality 4 had the bicycle's
 * step at 2.09-2.25 ms in the server at p50 against 1.48-1.69 ms before compression, and with quality 1 at 1.27-1.87
 * ms; that benchmark varies by as much between identical loads, so the loop's figures decide.
 */
const OPTIONS = {
  br: { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 16 } },
  gzip: { level: 1 },
};

/**
 * The output chunk of a compression on the request's thread: under half of Buffer.poolSize, so that it is a slice of
 * Node's shared 8 KB pool. With zlib's default (16 KB) every answer made a new ArrayBuffer; with the input's copy
 * (see syncInput), 21 KB outside the heap for each configure step, freed only by the next young-generation
 * collection (sweeping them took up to 1.7 ms of its pause), and enough of it to start full collections ("external
 * memory pressure") while 50 sessions stepped. A larger answer is written in several chunks and joined.
 */
const SYNC_CHUNK_BYTES = (Buffer.poolSize >>> 1) - 1;
const SYNC_OPTIONS = {
  br: { ...OPTIONS.br, chunkSize: SYNC_CHUNK_BYTES },
  gzip: { ...OPTIONS.gzip, chunkSize: SYNC_CHUNK_BYTES },
};

const compressAsync = { br: promisify(brotliCompress), gzip: promisify(gzip) };
const compressSync = { br: brotliCompressSync, gzip: gzipSync };

/**
 * Where a text answer is written as UTF-8 to be compressed on the request's thread, instead of a new buffer per
 * answer (zlib reads it before it returns, so one will do).
 */
const syncInput = Buffer.allocUnsafeSlow(SYNC_UP_TO_BYTES);

/** `payload` as bytes for a compression on the request's thread: in syncInput when it fits. */
function syncBytes(payload: string | Buffer): Buffer {
  if (typeof payload !== 'string') return payload;
  const written = syncInput.write(payload);
  // UTF-8 is written in whole characters (up to 4 bytes): with 4 bytes to spare, nothing was left out.
  return written <= syncInput.length - 4 ? syncInput.subarray(0, written) : Buffer.from(payload);
}

function compress(coding: TCoding, payload: string | Buffer): Buffer | Promise<Buffer> {
  if (payload.length > SYNC_UP_TO_BYTES) return compressAsync[coding](payload, OPTIONS[coding]);
  return compressSync[coding](syncBytes(payload), SYNC_OPTIONS[coding]);
}

/**
 * The coding to answer with for an `Accept-Encoding` header (RFC 9110 12.5.3): the acceptable one (q > 0, named
 * or through `*`) with the highest weight, brotli on a tie; null when neither is acceptable or nothing is asked.
 */
export function preferredCoding(acceptEncoding: string | undefined): TCoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const item of acceptEncoding.split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: TCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const brWeight = weightOf('br');
  const gzipWeight = weightOf('gzip');
  if (brWeight <= 0 && gzipWeight <= 0) return null;
  return brWeight >= gzipWeight ? 'br' : 'gzip';
}

/** Content types worth compressing: JSON and text. Images, PDFs and archives are compressed already. */
const isCompressible = (contentType: unknown): boolean =>
  typeof contentType === 'string' && /^(application\/json|text\/)/i.test(contentType);

/**
 * Compresses every answer the app builds in memory (the API's JSON, text) of at least COMPRESS_FROM_BYTES, with
 * brotli or gzip as the client accepts: a configure step with Megane answers 57 KB of JSON, which a sales rep on a
 * phone should not wait for. Files go out as streams, untouched here (the web build is served pre-compressed);
 * an answer that already has a Content-Encoding is left alone. `Vary: Accept-Encoding` is set on every answer this
 * could compress, so that a cache never serves one client's coding to another. Compression side channels (BREACH)
 * need requests an attacker's page can make with the victim's credentials: the API's are bearer tokens, which a
 * page of another site cannot send.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (payload.length < COMPRESS_FROM_BYTES || reply.hasHeader('content-encoding')) return payload;
    if (!isCompressible(reply.getHeader('content-type'))) return payload;
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'Accept-Encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, Accept-Encoding`);
    const coding = preferredCoding(request.headers['accept-encoding']);
    if (!coding) return payload;
    const compressed = await compress(coding, payload);
    reply.header('content-encoding', coding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
