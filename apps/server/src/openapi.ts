import { API_PREFIX, MSG, ROUTES, type TAccess, ZFailure, ZSuccess } from '@cpq/contracts';
import { z } from 'zod';
import { WEBHOOK_OPENAPI_PATHS } from './modules/payments/payment-webhook.routes';
import { UPLOAD_OPENAPI_PATHS } from './modules/uploads/uploads.routes';

const describeAccess = (access: TAccess): string =>
  access === 'public' ? 'Anyone' : access === 'signedIn' ? 'Any signed-in user' : `Role level ${access.minLevel}+`;

type TJsonSchema = { properties?: Record<string, TJsonSchema>; required?: string[]; items?: TJsonSchema };

/**
 * What a route does with `version` (top level, or in the items of an array field such as `lines`): required ones
 * refuse a call without it; optional ones are optional only because the spec's payload has none, and a call without
 * one overwrites whatever changed since the caller read the record, which the docs must say plainly.
 */
export function versionNote(schema: TJsonSchema): string {
  const notes: string[] = [];
  const describe = (name: string, where: TJsonSchema) => {
    if (!where.properties?.version) return;
    notes.push(
      where.required?.includes('version')
        ? `\`${name}\` is required: the version the caller read; a call without it answers 400 naming the field, and a stale one 409 (“${MSG.conflict}”); either changes nothing.`
        : `\`${name}\` is optional only for compatibility with the spec's payload, which has none: a call without it is applied to the record as it is then and overwrites any change made since the caller read it (last write wins). Clients should always send the version they read: a stale one answers 409 (“${MSG.conflict}”) and changes nothing.`,
    );
  };
  describe('version', schema);
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    if (property.items) describe(`${field}[].version`, property.items);
  }
  return notes.map((note) => ` ${note}`).join('');
}

/** The OpenAPI 3.1 document of the API, generated from the contracts' route table. */
export function buildOpenApiDocument() {
  const paths: Record<string, unknown> = {};
  for (const [path, route] of Object.entries(ROUTES)) {
    const rule = 'rule' in route ? ` ${route.rule}.` : '';
    const request = z.toJSONSchema(route.request, { io: 'input', unrepresentable: 'any' });
    paths[`${API_PREFIX}/${path}`] = {
      post: {
        tags: [path.split('/')[0]],
        summary: route.summary,
        description: `Access: ${describeAccess(route.access)}.${rule}${versionNote(request as TJsonSchema)}`,
        security: route.access === 'public' ? [] : [{ bearer: [] }],
        requestBody: { required: true, content: { 'application/json': { schema: request } } },
        responses: {
          200: {
            description: 'Success',
            content: {
              'application/json': { schema: z.toJSONSchema(ZSuccess(route.response), { unrepresentable: 'any' }) },
            },
          },
          default: {
            description: 'Failure',
            content: { 'application/json': { schema: z.toJSONSchema(ZFailure) } },
          },
        },
      },
    };
  }
  Object.assign(paths, UPLOAD_OPENAPI_PATHS, WEBHOOK_OPENAPI_PATHS);
  return {
    openapi: '3.1.0',
    info: { title: 'Open CPQ API', version: '1.0.0', description: 'Every call is a POST with a JSON body.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
