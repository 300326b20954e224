import { API_PREFIX, ROUTES, type TAccess, ZFailure, ZSuccess } from '@cpq/contracts';
import { z } from 'zod';
import { WEBHOOK_OPENAPI_PATHS } from './modules/payments/payment-webhook.routes';
import { UPLOAD_OPENAPI_PATHS } from './modules/uploads/uploads.routes';

const describeAccess = (access: TAccess): string =>
  access === 'public' ? 'Anyone' : access === 'signedIn' ? 'Any signed-in user' : `Role level ${access.minLevel}+`;

/** The OpenAPI 3.1 document of the API, generated from the contracts' route table. */
export function buildOpenApiDocument() {
  const paths: Record<string, unknown> = {};
  for (const [path, route] of Object.entries(ROUTES)) {
    const rule = 'rule' in route ? ` ${route.rule}.` : '';
    paths[`${API_PREFIX}/${path}`] = {
      post: {
        tags: [path.split('/')[0]],
        summary: route.summary,
        description: `Access: ${describeAccess(route.access)}.${rule}`,
        security: route.access === 'public' ? [] : [{ bearer: [] }],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: z.toJSONSchema(route.request, { io: 'input', unrepresentable: 'any' }) },
          },
        },
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
