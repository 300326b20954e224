import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than its headers cost. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Compresses answers with brotli or gzip as the client accepts (`@fastify/compress`): a configure step with Megane
 * answers up to 57 KB of JSON, which a sales rep on a phone should not wait for. Fast settings (brotli quality 1,
 * gzip level 1), as every answer is compressed while it is sent. Only JSON, text and the types mime-db calls
 * compressible are, from COMPRESS_FROM_BYTES (files as they stream, whatever their size); an answer that already
 * has a coding (the web build, served pre-compressed) is left alone. Request bodies are not decompressed: the API
 * takes plain JSON. Compression side channels (BREACH) need requests an attacker's page can make with the victim's
 * credentials: the API's are bearer tokens, which a page of another site cannot send.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // The plugin sets `Vary` only on the answers it compresses; a cache must also know that the plain answer to a
  // client that accepts no coding depends on that header.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_FROM_BYTES || reply.hasHeader('content-encoding')) return payload;
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
    return payload;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_FROM_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 16 } },
    zlibOptions: { level: 1 },
    globalDecompression: false,
  });
}
