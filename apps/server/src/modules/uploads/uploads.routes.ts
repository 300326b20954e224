import { ADMIN_LEVEL, MSG, type TUploadResult, UPLOAD_MAX_BYTES } from '@cpq/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { reencodeImage, UPLOAD_MAX_SIDE } from './image-reencode';
import { detectImageType, mimeOfStoredName } from './image-type';
import { openUpload, storeUpload } from './uploads.storage';

export const UPLOAD_PATH = '/api/uploadfile';
const TOO_LARGE = `The image is too large. Upload an image of at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`;
const NOT_AN_IMAGE = `Upload a PNG, JPEG, GIF or WebP image of at most ${UPLOAD_MAX_SIDE} pixels a side.`;
const NO_FILE = 'Send the image as multipart/form-data in a field named file.';

/** The same rule the route table would declare for this route: administrators (level 5+). */
async function requireAdmin(deps: TAppDeps, request: FastifyRequest): Promise<void> {
  const authorization = request.headers.authorization;
  const actor = await deps.actors.resolve(authorization, deps.clock());
  if (!actor) throw new AppError('UNAUTHENTICATED', authorization ? MSG.sessionExpired : MSG.signInRequired);
  if (actor.roleLevel < ADMIN_LEVEL) throw new AppError('FORBIDDEN', MSG.forbidden);
}

/** Reads the one `file` part, refusing anything over the size limit while it streams in. */
async function readFilePart(app: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NO_FILE);
  try {
    const part = await request.file();
    if (part?.fieldname !== 'file') throw new AppError('BAD_REQUEST', NO_FILE);
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError)
      throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
    throw error;
  }
}

/**
 * Image upload (`POST /api/uploadfile`, multipart, outside the JSON route table) and serving (`GET /uploads/<name>`).
 * Images are recognised by content, decoded and re-encoded (only pixels are kept), stored under generated names in
 * `${dataDir}/uploads`, and served with their own content type, `nosniff`, as an attachment, and a policy that lets
 * nothing in them run.
 */
export function uploadRoutes(deps: TAppDeps): FastifyPluginAsync {
  return async (app) => {
    // Registered inside this plugin, so the multipart parser exists for these routes only.
    await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5 } });

    app.post(UPLOAD_PATH, async (request) => {
      await requireAdmin(deps, request);
      const bytes = await readFilePart(app, request);
      // The leading bytes must say image before a decoder is even tried; then only re-encoded pixels are kept.
      const image = detectImageType(bytes) ? await reencodeImage(bytes) : null;
      if (!image) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE, [{ path: 'file', message: NOT_AN_IMAGE }]);
      const name = await storeUpload(deps.config.dataDir, image.bytes, image.type);
      const result: TUploadResult = { path: `/uploads/${name}` };
      return { success: true, result };
    });

    app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
      const file = await openUpload(deps.config.dataDir, request.params.name);
      const mime = mimeOfStoredName(request.params.name);
      if (!file || !mime) throw new AppError('NOT_FOUND', MSG.notFound);
      return reply
        .type(mime)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.stream);
    });
  };
}

/** The upload route in the OpenAPI document (the JSON routes come from the contracts' table). */
export const UPLOAD_OPENAPI_PATHS = {
  [UPLOAD_PATH]: {
    post: {
      tags: ['uploads'],
      summary: 'Upload an image (PNG, JPEG, GIF or WebP, at most 5 MiB); answers the path it is served at',
      description: 'Access: Role level 5+. Multipart form data with one field named file.',
      security: [{ bearer: [] }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      },
      responses: {
        200: { description: 'Success: { success: true, result: { path: "/uploads/<name>" } }' },
        413: { description: 'The image is larger than 5 MiB' },
        415: { description: 'Not a PNG, JPEG, GIF or WebP image' },
      },
    },
  },
} as const;
