// A small stand-in for Stripe's API over real HTTP on 127.0.0.1 (a random port): the real `stripe`
// package talks to it (its host, port and protocol are settings), so tests see exactly what the
// server sends. It keeps objects in memory, honours idempotency keys as Stripe does, records every
// request, and has test controls to complete checkouts, renew, fail, refund and dispute. Events are
// signed with the package's own test-header helper.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_SECRET_KEY = 'sk_test_starport_fake';
export const FAKE_WEBHOOK_SECRET = 'whsec_starport_fake';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, any>;
  idempotencyKey: string | null;
}

type Obj = Record<string, any>;

/** Parses Stripe's form encoding (a[b][0][c]=x) into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, any> {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Obj = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (last) node[key] = value;
      else {
        node[key] ??= {};
        node = node[key];
      }
    });
  }
  const arrays = (value: any): any => {
    if (value === null || typeof value !== 'object') return value;
    const keys = Object.keys(value);
    const converted: Obj = {};
    for (const key of keys) converted[key] = arrays(value[key]);
    if (keys.length > 0 && keys.every((key, i) => key === String(i))) return keys.map((key) => converted[key]);
    return converted;
  };
  return arrays(root);
}

const DAY = 24 * 60 * 60;

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Obj>();
  readonly products = new Map<string, Obj>();
  readonly coupons = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly charges = new Map<string, Obj>();
  readonly disputes = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  /** The next subscription change's payment is declined (pending_if_incomplete keeps the old price). */
  declineNextChange = false;
  /** The card the next charges are made with, as Stripe's charge reports it (payment_method_details.card). */
  card: { brand: string; last4: string } = { brand: 'visa', last4: '4242' };
  /** Answer every call with a 500, as when Stripe is down. */
  failEverything = false;
  private readonly idempotent = new Map<string, { body: string; status: number; response: unknown }>();
  private counter = 0;
  private server: http.Server | null = null;
  port = 0;
  /** Unix seconds the fake's "now" starts at; periods count from it. */
  now = Math.floor(Date.UTC(2026, 10, 22, 12) / 1000);

  private id(prefix: string): string {
    this.counter += 1;
    return `${prefix}_fake${this.counter.toString().padStart(6, '0')}`;
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => {
        const reply = (status: number, body: unknown) => {
          res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': this.id('req') });
          res.end(JSON.stringify(body));
        };
        try {
          this.handle(req, data, reply);
        } catch (error) {
          reply(500, { error: { type: 'api_error', message: String(error) } });
        }
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The environment that points the server at this fake. */
  env(): Record<string, string> {
    return {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${this.port}`,
    };
  }

  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  private handle(req: http.IncomingMessage, data: string, reply: (status: number, body: unknown) => void) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const body = method === 'GET' ? {} : parseStripeForm(data);
    const query = parseStripeForm(url.search.slice(1));
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method, path: url.pathname, query, body, idempotencyKey });

    if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
      reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    if (this.failEverything) {
      reply(500, { error: { type: 'api_error', message: 'Stripe is down (fake)' } });
      return;
    }
    if (method === 'POST' && idempotencyKey) {
      const seen = this.idempotent.get(idempotencyKey);
      if (seen) {
        if (seen.body !== data) {
          reply(400, {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
          return;
        }
        reply(seen.status, seen.response);
        return;
      }
    }
    const [status, response] = this.route(method, url.pathname, body, query);
    if (method === 'POST' && idempotencyKey && status < 500) {
      this.idempotent.set(idempotencyKey, { body: data, status, response });
    }
    reply(status, response);
  }

  private missing(kind: string, id: string): [number, unknown] {
    return [
      404,
      { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` } },
    ];
  }

  private route(method: string, path: string, body: Obj, query: Obj): [number, unknown] {
    /** The id in /v1/<resource>/<id>, when the path is that. */
    const idIn = (resource: string): string | null => {
      const prefix = `/v1/${resource}/`;
      const rest = path.startsWith(prefix) ? path.slice(prefix.length) : '';
      return rest && !rest.includes('/') ? decodeURIComponent(rest) : null;
    };
    const expand: string[] = Array.isArray(query.expand) ? query.expand : [];
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: this.id('cus'),
        object: 'customer',
        email: body.email,
        name: body.name,
        metadata: body.metadata ?? {},
      };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    const productId = idIn('products');
    if (productId && method === 'GET') {
      const product = this.products.get(productId);
      return product ? [200, product] : this.missing('product', productId);
    }
    if (method === 'POST' && path === '/v1/products') {
      const product = {
        id: body.id ?? this.id('prod'),
        object: 'product',
        name: body.name,
        metadata: body.metadata ?? {},
      };
      this.products.set(product.id, product);
      return [200, product];
    }
    if (method === 'POST' && path === '/v1/coupons') {
      // Stripe's rules for a coupon: one of amount_off (with currency) or percent_off.
      if ((body.amount_off === undefined) === (body.percent_off === undefined)) {
        return [400, { error: { type: 'invalid_request_error', message: 'Exactly one of amount_off or percent_off' } }];
      }
      const coupon = {
        id: this.id('co'),
        object: 'coupon',
        amount_off: body.amount_off === undefined ? null : Number(body.amount_off),
        percent_off: body.percent_off === undefined ? null : Number(body.percent_off),
        currency: body.currency ?? null,
        duration: body.duration,
        max_redemptions: body.max_redemptions === undefined ? null : Number(body.max_redemptions),
        name: body.name ?? null,
        metadata: body.metadata ?? {},
      };
      this.coupons.set(coupon.id, coupon);
      return [200, coupon];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const unknown = ((body.discounts as Obj[] | undefined) ?? []).find((d) => !this.coupons.has(d.coupon));
      if (unknown) return this.missing('coupon', unknown.coupon);
      return [200, this.createSession(body)];
    }
    const sessionId = idIn('checkout/sessions');
    if (sessionId && method === 'GET') {
      const session = this.sessions.get(sessionId);
      if (!session) return this.missing('checkout.session', sessionId);
      const { _lines, _request, ...rest } = session;
      return [200, expand.includes('line_items') ? { ...rest, line_items: this.list(_lines) } : rest];
    }
    const subscriptionId = idIn('subscriptions');
    if (subscriptionId) {
      const sub = this.subscriptions.get(subscriptionId);
      if (!sub) return this.missing('subscription', subscriptionId);
      if (method === 'GET') return [200, sub];
      if (method === 'DELETE') return this.cancelSubscription(sub);
      return [200, this.updateSubscription(sub, body)];
    }
    const invoiceId = idIn('invoices');
    if (invoiceId && method === 'GET') {
      const invoice = this.invoices.get(invoiceId);
      if (!invoice) return this.missing('invoice', invoiceId);
      const { _payments, ...rest } = invoice;
      return [200, expand.includes('payments') ? { ...rest, payments: this.list(_payments) } : rest];
    }
    const chargeId = idIn('charges');
    if (chargeId && method === 'GET') {
      const charge = this.charges.get(chargeId);
      return charge ? [200, charge] : this.missing('charge', chargeId);
    }
    const paymentIntentId = idIn('payment_intents');
    if (paymentIntentId && method === 'GET') {
      const charge = [...this.charges.values()].find((c) => c.payment_intent === paymentIntentId);
      if (!charge) return this.missing('payment_intent', paymentIntentId);
      const intent = {
        id: paymentIntentId,
        object: 'payment_intent',
        amount: charge.amount,
        currency: charge.currency,
        status: 'succeeded',
        latest_charge: expand.includes('latest_charge') ? charge : charge.id,
      };
      return [200, intent];
    }
    if (method === 'GET' && path === '/v1/disputes') {
      const found = [...this.disputes.values()]
        .filter((d) => !query.payment_intent || d.payment_intent === query.payment_intent)
        .reverse();
      return [200, this.list(found)];
    }
    const disputeId = idIn('disputes');
    if (disputeId && method === 'GET') {
      const dispute = this.disputes.get(disputeId);
      return dispute ? [200, dispute] : this.missing('dispute', disputeId);
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(body);
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = this.id('bps');
      return [
        200,
        {
          id,
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `https://billing.stripe.test/p/session/${id}`,
        },
      ];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  private list(data: unknown[]) {
    return { object: 'list', data, has_more: false, url: '/v1/fake' };
  }

  private createSession(body: Obj): Obj {
    const id = this.id('cs_test');
    const lines = (body.line_items as Obj[]).map((line) => {
      const quantity = Number(line.quantity);
      const unit = Number(line.price_data.unit_amount);
      return {
        id: this.id('li'),
        object: 'item',
        description: line.price_data.product_data?.name ?? this.products.get(line.price_data.product)?.name ?? null,
        quantity,
        amount_subtotal: unit * quantity,
        amount_total: unit * quantity,
        currency: line.price_data.currency,
        price: {
          id: this.id('price'),
          object: 'price',
          unit_amount: unit,
          currency: line.price_data.currency,
          product: line.price_data.product ?? this.id('prod'),
          recurring: line.price_data.recurring ? { interval: line.price_data.recurring.interval } : null,
        },
      };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.amount_subtotal, 0);
    // A coupon in `discounts` comes off the session's total (and so the first invoice's).
    const discount = ((body.discounts as Obj[] | undefined) ?? []).reduce((sum, d) => {
      const coupon = this.coupons.get(d.coupon) as Obj;
      const off = coupon.amount_off ?? Math.round((subtotal * coupon.percent_off) / 100);
      return sum + Math.min(off, subtotal - sum);
    }, 0);
    const session = {
      id,
      object: 'checkout.session',
      mode: body.mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: subtotal,
      amount_total: subtotal - discount,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      currency: lines[0]?.currency ?? 'usd',
      customer: body.customer ?? null,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      payment_intent: null,
      subscription: null,
      invoice: null,
      _request: body,
      _lines: lines,
    };
    this.sessions.set(id, session);
    const { _lines, _request, ...visible } = session;
    return visible;
  }

  private newCharge(amount: number): { paymentIntentId: string; chargeId: string } {
    const paymentIntentId = this.id('pi');
    const chargeId = this.id('ch');
    this.charges.set(chargeId, {
      id: chargeId,
      object: 'charge',
      amount,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      payment_intent: paymentIntentId,
      currency: 'usd',
      payment_method_details: {
        type: 'card',
        card: { brand: this.card.brand, last4: this.card.last4, exp_month: 12, exp_year: 2030, funding: 'credit' },
      },
    });
    return { paymentIntentId, chargeId };
  }

  private newInvoice(
    sub: Obj,
    reason: string,
    amount: number,
    paid: boolean,
  ): { invoiceId: string; chargeId: string | null } {
    const invoiceId = this.id('in');
    const charge = paid && amount > 0 ? this.newCharge(amount) : null;
    this.invoices.set(invoiceId, {
      id: invoiceId,
      object: 'invoice',
      customer: sub.customer,
      billing_reason: reason,
      status: paid ? 'paid' : 'open',
      amount_paid: paid ? amount : 0,
      amount_due: amount,
      currency: 'usd',
      period_end: sub.items.data[0].current_period_end,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      _payments: charge
        ? [
            {
              id: this.id('inpay'),
              object: 'invoice_payment',
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: charge.paymentIntentId },
            },
          ]
        : [],
    });
    sub.latest_invoice = invoiceId;
    return { invoiceId, chargeId: charge?.chargeId ?? null };
  }

  /** The customer paid on Stripe's page: the session completes (and a subscription starts in that mode). */
  completeCheckout(sessionId: string, options: { paymentStatus?: 'paid' | 'unpaid' } = {}) {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = 'complete';
    session.payment_status = options.paymentStatus ?? 'paid';
    const paid = session.payment_status === 'paid';
    let chargeId: string | null = null;
    let subscriptionId: string | null = null;
    let invoiceId: string | null = null;
    if (session.mode === 'payment') {
      const charge = this.newCharge(session.amount_total);
      session.payment_intent = charge.paymentIntentId;
      chargeId = paid ? charge.chargeId : null;
    } else {
      const line = session._lines[0];
      subscriptionId = this.id('sub');
      const sub = {
        id: subscriptionId,
        object: 'subscription',
        customer: session.customer,
        status: paid ? 'active' : 'incomplete',
        cancel_at_period_end: false,
        cancel_at: null,
        pending_update: null,
        metadata: session._request.subscription_data?.metadata ?? {},
        items: this.list([
          {
            id: this.id('si'),
            object: 'subscription_item',
            price: { ...line.price },
            quantity: 1,
            current_period_start: this.now,
            current_period_end: this.now + 30 * DAY,
          },
        ]),
        latest_invoice: null,
      };
      this.subscriptions.set(subscriptionId, sub);
      const invoice = this.newInvoice(sub, 'subscription_create', session.amount_total, paid);
      invoiceId = invoice.invoiceId;
      chargeId = invoice.chargeId;
      session.subscription = subscriptionId;
      session.invoice = invoiceId;
    }
    return { session: this.visible(session), chargeId, subscriptionId, invoiceId };
  }

  private visible(session: Obj): Obj {
    const { _lines, _request, ...rest } = session;
    return rest;
  }

  private updateSubscription(sub: Obj, body: Obj): Obj {
    const change = (body.items as Obj[] | undefined)?.[0];
    if (change?.price_data) {
      const item = sub.items.data[0];
      const oldAmount = Number(item.price.unit_amount);
      const newAmount = Number(change.price_data.unit_amount);
      const difference = Math.max(newAmount - oldAmount, 0);
      if (this.declineNextChange) {
        this.declineNextChange = false;
        this.newInvoice(sub, 'subscription_update', difference, false);
        sub.pending_update = { expires_at: this.now + DAY, subscription_items: [change] };
        return sub;
      }
      item.price = {
        id: this.id('price'),
        object: 'price',
        unit_amount: newAmount,
        currency: change.price_data.currency,
        product: change.price_data.product,
        recurring: { interval: change.price_data.recurring?.interval ?? 'month' },
      };
      if (body.proration_behavior === 'always_invoice') this.newInvoice(sub, 'subscription_update', difference, true);
    }
    if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
    return sub;
  }

  /** DELETE /v1/subscriptions/{id}: ended at once, as Stripe's cancel does (a second is refused). */
  private cancelSubscription(sub: Obj): [number, unknown] {
    if (sub.status === 'canceled') {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such subscription: '${sub.id}'`,
          },
        },
      ];
    }
    sub.status = 'canceled';
    sub.canceled_at = this.now;
    sub.ended_at = this.now;
    return [200, sub];
  }

  /** POST /v1/refunds for a payment intent's charge: the whole rest unless an amount is given. */
  private createRefund(body: Obj): [number, unknown] {
    const charge = [...this.charges.values()].find((c) => c.payment_intent === body.payment_intent);
    if (!charge) return this.missing('payment_intent', String(body.payment_intent));
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge ${charge.id} has already been refunded.`,
          },
        },
      ];
    }
    const amount = body.amount ? Math.min(Number(body.amount), left) : left;
    this.refundCharge(charge.id, amount);
    const refund = {
      id: this.id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      reason: body.reason ?? null,
      metadata: body.metadata ?? {},
      status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    return [200, refund];
  }

  /** A month passes: the next invoice is paid (or declined: past_due). */
  renewSubscription(subscriptionId: string, options: { paid?: boolean } = {}) {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    const item = sub.items.data[0];
    const paid = options.paid ?? true;
    if (paid) {
      item.current_period_start = item.current_period_end;
      item.current_period_end += 30 * DAY;
      sub.status = 'active';
    } else {
      sub.status = 'past_due';
    }
    return this.newInvoice(sub, 'subscription_cycle', Number(item.price.unit_amount), paid);
  }

  /** A retried invoice finally goes through. */
  payInvoice(invoiceId: string) {
    const invoice = this.invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId}`);
    const charge = this.newCharge(invoice.amount_due);
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice._payments = [
      {
        id: this.id('inpay'),
        object: 'invoice_payment',
        status: 'paid',
        payment: { type: 'payment_intent', payment_intent: charge.paymentIntentId },
      },
    ];
    const sub = this.subscriptions.get(invoice.parent.subscription_details.subscription);
    if (sub) {
      sub.status = 'active';
      sub.items.data[0].current_period_end += 30 * DAY;
    }
    return charge;
  }

  setSubscription(subscriptionId: string, changes: Obj) {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    Object.assign(sub, changes);
    return sub;
  }

  refundCharge(chargeId: string, amount?: number) {
    const charge = this.charges.get(chargeId);
    if (!charge) throw new Error(`no charge ${chargeId}`);
    charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + (amount ?? charge.amount));
    charge.refunded = charge.amount_refunded === charge.amount;
    return charge;
  }

  openDispute(chargeId: string) {
    const charge = this.charges.get(chargeId);
    if (!charge) throw new Error(`no charge ${chargeId}`);
    const dispute = {
      id: this.id('dp'),
      object: 'dispute',
      charge: chargeId,
      payment_intent: charge.payment_intent,
      amount: charge.amount,
      status: 'needs_response',
    };
    charge.disputed = true;
    this.disputes.set(dispute.id, dispute);
    return dispute;
  }

  closeDispute(disputeId: string, status: 'won' | 'lost') {
    const dispute = this.disputes.get(disputeId);
    if (!dispute) throw new Error(`no dispute ${disputeId}`);
    dispute.status = status;
    return dispute;
  }

  /** An event as Stripe would send it, with a fresh id unless one is given. */
  event(type: string, object: Obj, id = this.id('evt')): Obj {
    const { _lines, _request, _payments, ...data } = object;
    return {
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: this.now,
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: data },
    };
  }
}

/** Signs a payload the way Stripe does, with the package's own test helper. */
export function signPayload(payload: string, secret = FAKE_WEBHOOK_SECRET, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
}
