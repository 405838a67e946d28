import http from 'node:http';
import { type AddressInfo } from 'node:net';

/** A Checkout Session request as the imitation received it. */
export interface SessionRequest {
  /** The form body, by its bracketed keys (`line_items[0][price_data][unit_amount]`). */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface StripeImitation {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_BASE. */
  url: string;
  /** Every `POST /v1/checkout/sessions`, in order. */
  requests: SessionRequest[];
  /** The sessions made, by id: what a completed event of each would carry. */
  sessions: Map<string, ImitatedSession>;
  /** Refuses the next session request as Stripe refuses an invalid one (400, not retried by the library). */
  refuseNext(): void;
  /** Every `POST /v1/refunds`, in order (a refund is answered once per idempotency key, as Stripe does). */
  refundRequests: SessionRequest[];
  /** Refuses the next refund request (400), as Stripe refuses one it cannot make. */
  refuseNextRefund(): void;
  stop(): Promise<void>;
}

export interface ImitatedSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open';
  payment_status: 'unpaid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: null;
}

/**
 * The few Stripe endpoints the provider calls, on a loopback port: `POST /v1/checkout/sessions`
 * records the form body and the `Idempotency-Key` and answers a session object; the same key
 * answers the same session again, as Stripe does. `POST /v1/refunds` likewise answers a refund.
 * Anything else is a 404 in Stripe's error shape.
 */
export async function startStripeImitation(): Promise<StripeImitation> {
  const requests: SessionRequest[] = [];
  const sessions = new Map<string, ImitatedSession>();
  const byKey = new Map<string, ImitatedSession>();
  let refusing = false;
  const refundRequests: SessionRequest[] = [];
  const refundsByKey = new Map<string, { id: string; object: 'refund'; status: 'succeeded'; payment_intent: string | null }>();
  let refusingRefund = false;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'POST' && request.url === '/v1/refunds') {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        const idempotencyKey = header(request, 'idempotency-key');
        refundRequests.push({ form, idempotencyKey, authorization: header(request, 'authorization') });
        if (refusingRefund) {
          refusingRefund = false;
          answer(400, { error: { type: 'invalid_request_error', message: 'Refund refused by the test.' } });
          return;
        }
        const refund = (idempotencyKey && refundsByKey.get(idempotencyKey)) || {
          id: `re_test_imitation${refundsByKey.size + 1}`,
          object: 'refund' as const,
          status: 'succeeded' as const,
          payment_intent: form.payment_intent ?? null,
        };
        if (idempotencyKey !== undefined) refundsByKey.set(idempotencyKey, refund);
        answer(200, refund);
        return;
      }
      if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
        answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method} ${request.url})` } });
        return;
      }
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const idempotencyKey = header(request, 'idempotency-key');
      requests.push({ form, idempotencyKey, authorization: header(request, 'authorization') });
      if (refusing) {
        refusing = false;
        answer(400, { error: { type: 'invalid_request_error', message: 'Refused by the test.' } });
        return;
      }
      const earlier = idempotencyKey === undefined ? undefined : byKey.get(idempotencyKey);
      if (earlier) {
        answer(200, earlier);
        return;
      }
      const id = `cs_test_imitation${sessions.size + 1}`;
      const session: ImitatedSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        mode: form.mode ?? '',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form['line_items[0][price_data][unit_amount]'] ?? 0) * Number(form['line_items[0][quantity]'] ?? 1),
        currency: form['line_items[0][price_data][currency]'] ?? '',
        client_reference_id: form.client_reference_id ?? null,
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([key]) => /^metadata\[\w+\]$/.test(key))
            .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
        ),
        payment_intent: null,
      };
      sessions.set(id, session);
      if (idempotencyKey !== undefined) byKey.set(idempotencyKey, session);
      answer(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refuseNext: () => {
      refusing = true;
    },
    refundRequests,
    refuseNextRefund: () => {
      refusingRefund = true;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function header(request: http.IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
