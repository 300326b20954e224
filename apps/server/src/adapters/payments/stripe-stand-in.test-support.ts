import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_CARDS } from '@cpq/contracts';

/** A payment method the stand-in answers with a 3-D Secure challenge (Stripe's test id of that name). */
export const THREE_D_SECURE_CARD = 'pm_card_threeDSecure2Required';
export const STAND_IN_SECRET_KEY = 'sk_test_stand_in_0123456789';

type TIntent = Record<string, unknown> & { id: string; status: string };
type TStored = { status: number; body: unknown };
/** `http500`: answer 500; `drop`: close the connection unanswered; `dropAfterCharge`: charge, then close. */
export type TFault = 'http500' | 'drop' | 'dropAfterCharge';

export type TStripeStandIn = {
  url: string;
  /** PaymentIntents actually created (replays of a key excluded). */
  created(): number;
  /** Every request: method, path, Idempotency-Key, and the form fields of a POST. */
  requests: { method: string; path: string; idempotencyKey: string | undefined; form: Record<string, string> }[];
  /** The next `times` requests fail this way. */
  failNext(fault: TFault, times?: number): void;
  /** The buyer completed 3-D Secure: the intent succeeds. */
  completeAction(intentId: string): void;
  close(): Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, { status, body }: TStored): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomUUID().slice(0, 8)}` });
  response.end(JSON.stringify(body));
}

const stripeError = (status: number, error: Record<string, unknown>): TStored => ({ status, body: { error } });

/**
 * A local stand-in for Stripe's API, for the adapter's contract tests: the same paths and JSON shapes as the real
 * one for what the adapter uses (POST /v1/payment_intents with a form body and an Idempotency-Key that replays the
 * first answer, GET /v1/payment_intents/:id, card errors as 402 with Stripe's error JSON), and faults on demand.
 */
export async function startStripeStandIn(): Promise<TStripeStandIn> {
  const intents = new Map<string, TIntent>();
  const byKey = new Map<string, TStored>();
  const requests: TStripeStandIn['requests'] = [];
  const faults: TFault[] = [];
  let created = 0;

  function createIntent(form: Record<string, string>): TStored {
    const id = `pi_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
    const paymentMethod = form.payment_method ?? '';
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([key]) => key.startsWith('metadata['))
        .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
    );
    const card = TEST_CARDS.find((item) => item.paymentMethod === paymentMethod);
    if (!card && paymentMethod !== THREE_D_SECURE_CARD) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${paymentMethod}'`,
      });
    }
    created += 1;
    const intent: TIntent = {
      id,
      object: 'payment_intent',
      amount: Number(form.amount),
      currency: form.currency,
      client_secret: `${id}_secret_${randomUUID().slice(0, 8)}`,
      payment_method: paymentMethod,
      metadata,
      last_payment_error: null,
      next_action: null,
      status: 'succeeded',
    };
    if (paymentMethod === THREE_D_SECURE_CARD) {
      Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    } else if (card?.decline) {
      const lastError = { type: 'card_error', code: 'card_declined', message: card.decline };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: lastError });
      intents.set(id, intent);
      return stripeError(402, { ...lastError, payment_intent: intent });
    }
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const text = await readBody(request);
    const form = Object.fromEntries(new URLSearchParams(text));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? '', path, idempotencyKey, form });
    const fault = faults.shift();
    if (fault === 'http500') return send(response, stripeError(500, { type: 'api_error', message: 'Stand-in fault' }));
    if (fault === 'drop') return void request.socket.destroy();
    if (request.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
      return send(response, stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' }));
    }
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      const stored = (idempotencyKey && byKey.get(idempotencyKey)) || createIntent(form);
      if (idempotencyKey) byKey.set(idempotencyKey, stored);
      if (fault === 'dropAfterCharge') return void request.socket.destroy();
      return send(response, stored);
    }
    const match = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    const intent = match?.[1] ? intents.get(match[1]) : undefined;
    if (request.method === 'GET' && intent) return send(response, { status: 200, body: intent });
    return send(response, stripeError(404, { type: 'invalid_request_error', message: `No such route ${path}` }));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    created: () => created,
    requests,
    failNext(fault, times = 1) {
      for (let index = 0; index < times; index += 1) faults.push(fault);
    },
    completeAction(intentId) {
      const intent = intents.get(intentId);
      if (intent) Object.assign(intent, { status: 'succeeded', next_action: null });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
