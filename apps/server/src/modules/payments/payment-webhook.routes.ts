import type { FastifyPluginAsync } from 'fastify';
import { WebhookSignatureError } from '../../adapters/payments/payment-gateway';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { applyPaymentEvent } from './payment-webhook.service';

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';
export const WEBHOOK_MESSAGES = {
  notConfigured: 'Stripe webhooks are not configured on this server (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).',
} as const;
// Stripe's events are a few kilobytes; nothing legitimate comes near this.
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Stripe's webhook (`POST /api/webhooks/stripe`, outside the JSON route table): the signature covers the exact
 * bytes Stripe sent, so this plugin's routes take the body unparsed. A bad, missing or too old signature answers
 * 400 and applies nothing; a verified event is applied once (see applyPaymentEvent) and answered 200, also when it
 * was seen before, so Stripe stops retrying. Without Stripe webhooks configured the route answers 404.
 */
export function paymentWebhookRoutes(deps: TAppDeps): FastifyPluginAsync {
  return async (app) => {
    // Registered inside this plugin, so the rest of the app keeps its JSON parser.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );

    app.post(STRIPE_WEBHOOK_PATH, async (request) => {
      const gateway = deps.payments;
      if (gateway.provider !== 'stripe' || !gateway.hasWebhooks) {
        throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notConfigured);
      }
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      let event: ReturnType<typeof gateway.parseWebhook>;
      try {
        event = gateway.parseWebhook(raw, Array.isArray(header) ? header[0] : header);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new AppError('BAD_REQUEST', error.message);
        throw error;
      }
      const { isNew } = await applyPaymentEvent(deps, request.log, request.ip, event);
      request.log.info({ eventId: event.id, type: event.type, isNew }, 'stripe webhook');
      return { success: true, result: { received: true, duplicate: !isNew } };
    });
  };
}

/** The webhook in the OpenAPI document (the JSON routes come from the contracts' table). */
export const WEBHOOK_OPENAPI_PATHS = {
  [STRIPE_WEBHOOK_PATH]: {
    post: {
      tags: ['paymentManagement'],
      summary: 'Stripe webhook: payment_intent.succeeded places the order, payment_intent.payment_failed records it',
      description:
        'Access: Stripe only, by the Stripe-Signature header over the raw body (300 s tolerance). Each event applies ' +
        'once. Answers 404 unless STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set.',
      security: [],
      parameters: [{ name: 'Stripe-Signature', in: 'header', required: true, schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: {
        200: { description: 'Received: { success: true, result: { received: true, duplicate } }' },
        400: { description: 'The signature is missing, invalid or older than 300 s' },
        404: { description: 'Stripe webhooks are not configured' },
      },
    },
  },
} as const;
