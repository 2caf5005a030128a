/**
 * The failover test's clients: each takes the next prepared call (a merchant payment or a transfer,
 * in turn), sends it through the balancer and, when it gets no answer (a lost connection, HAProxy's
 * own 502/503/504, the gateway's AGW50300 "database unavailable"), sends the SAME body, with the
 * same requestNo, again until it gets one: what the app does (services/gateway.ts, the payment
 * chart's `uncertain`). Every attempt is timed, for the time without service.
 */
import http from 'node:http';
import { envelope } from '../support/server.ts';
import { LOAD_AMOUNT, PAY_SERVICE, TRANSFER_SERVICE, type PreparedMerchantPayment, type PreparedTransfer } from '../support/loadPayments.ts';

export type LoadCall =
  | { kind: 'transfer'; prepared: PreparedTransfer }
  | { kind: 'payment'; prepared: PreparedMerchantPayment };

export interface CallRecord {
  kind: LoadCall['kind'];
  requestNo: string;
  payerId: string;
  /** The payee's member id (a transfer) or the merchant's id (a payment). */
  counterpartyId: string;
  body: string;
  attempts: number;
  firstSentAt: number;
  lastSentAt: number;
  answeredAt: number;
  /** The answer's code (S0001 a success), its bizContent; null until answered. */
  code: string | null;
  bizContent: unknown;
  /** Which phase of the test sent it. */
  phase: string;
}

/** One attempt: when it was sent and ended, and whether it got an answer. */
export interface Attempt { sentAt: number; endedAt: number; answered: boolean; success: boolean; why?: string }

export interface LoadOptions {
  port: number;
  clients: number;
  phase: string;
  /** Each client's pause between two calls (a person does not pay back to back). */
  thinkMs: number;
  /** Pause before sending an unanswered call again. */
  retryMs: number;
}

const NO_ANSWER_STATUSES = new Set([502, 503, 504]);

/** POSTs `body`; resolves with the HTTP status and the parsed JSON (null when the body is not JSON: HAProxy's own pages). */
function post(agent: http.Agent, port: number, body: string, timeoutMs: number): Promise<{ status: number; json: { code?: string; bizContent?: unknown } | null }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ agent, host: '127.0.0.1', port, method: 'POST', path: '/gatewayinner/api', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        let json = null;
        try { json = JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { /* HAProxy's page */ }
        resolve({ status: response.statusCode ?? 0, json });
      });
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('no answer within the time-out')));
    request.on('error', reject);
    request.end(body);
  });
}

export function bodyOf(call: LoadCall): { requestNo: string; body: string } {
  const p = call.prepared;
  const message = call.kind === 'transfer'
    ? envelope(TRANSFER_SERVICE, { mobile: call.prepared.payee.mobile, amount: LOAD_AMOUNT, payToken: p.payToken }, { token: p.payer.token })
    : envelope(PAY_SERVICE, { serial: call.prepared.merchant.serial, amount: LOAD_AMOUNT, payToken: p.payToken }, { token: p.payer.token });
  return { requestNo: message.requestNo, body: JSON.stringify(message) };
}

/**
 * Sends one call until it is answered (or `giveUpAt()` passes: then it stays unanswered, which the
 * test counts as a failure). A refusal is an answer too: recorded with its code.
 */
export async function sendUntilAnswered(agent: http.Agent, record: CallRecord, options: LoadOptions, attempts: Attempt[], giveUpAt: () => number): Promise<void> {
  while (Date.now() < giveUpAt()) {
    const sentAt = Date.now();
    record.attempts++;
    record.lastSentAt = sentAt;
    let why: string | undefined;
    try {
      const { status, json } = await post(agent, options.port, record.body, 45_000);
      if (json?.code && json.code !== 'AGW50300') {
        record.code = json.code;
        record.bizContent = json.bizContent ?? null;
        record.answeredAt = Date.now();
        attempts.push({ sentAt, endedAt: record.answeredAt, answered: true, success: json.code === 'S0001' });
        return;
      }
      why = json?.code ?? (NO_ANSWER_STATUSES.has(status) ? `HTTP ${status}` : `HTTP ${status} without an answer`);
    } catch (error) {
      why = (error as Error).message;
    }
    attempts.push({ sentAt, endedAt: Date.now(), answered: false, success: false, why });
    await new Promise((r) => setTimeout(r, options.retryMs));
  }
}

export interface LoadRun {
  readonly records: CallRecord[];
  readonly attempts: Attempt[];
  /** Stops taking new calls; resolves once every call sent has its answer (or `drainMs` passed); throws if the prepared calls ran out. */
  stop(drainMs: number): Promise<void>;
}

/** `options.clients` clients taking calls from `queue` until stopped. */
export function startLoad(queue: LoadCall[], options: LoadOptions): LoadRun {
  const records: CallRecord[] = [];
  const attempts: Attempt[] = [];
  let stopping = false;
  let giveUpAt = Number.POSITIVE_INFINITY;
  let failure: Error | null = null;
  const clients = Array.from({ length: options.clients }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (!stopping) {
        const call = queue.shift();
        if (!call) {
          failure ??= new Error(`ran out of prepared calls after ${records.length}: prepare more (CLUSTER_PREPARED)`);
          return;
        }
        const { requestNo, body } = bodyOf(call);
        const record: CallRecord = {
          kind: call.kind, requestNo, body, phase: options.phase, payerId: call.prepared.payer.id,
          counterpartyId: call.kind === 'transfer' ? call.prepared.payee.id : call.prepared.merchant.merchantId,
          attempts: 0, firstSentAt: Date.now(), lastSentAt: 0, answeredAt: 0, code: null, bizContent: null,
        };
        records.push(record);
        await sendUntilAnswered(agent, record, options, attempts, () => giveUpAt);
        if (options.thinkMs > 0) await new Promise((r) => setTimeout(r, options.thinkMs));
      }
    } finally {
      agent.destroy();
    }
  });
  return {
    records,
    attempts,
    async stop(drainMs) {
      stopping = true;
      giveUpAt = Date.now() + drainMs;
      await Promise.all(clients);
      if (failure) throw failure;
    },
  };
}

/**
 * The time without service: the longest stretch after `from` in which no call succeeded, measured
 * from the first attempt in it that got no answer (when it was sent) to the first success after it
 * (when it was answered). Null when no attempt went unanswered.
 */
export function withoutService(attempts: Attempt[], from = 0): { startedAt: number; endedAt: number; seconds: number; unanswered: number } | null {
  const successes = attempts.filter((a) => a.success).map((a) => a.endedAt).sort((a, b) => a - b);
  let worst: { startedAt: number; endedAt: number; seconds: number; unanswered: number } | null = null;
  for (const failure of attempts.filter((a) => !a.answered && a.sentAt >= from).sort((a, b) => a.sentAt - b.sentAt)) {
    if (worst && failure.sentAt <= worst.endedAt) continue; // inside the stretch already measured
    const recovery = successes.find((at) => at > failure.sentAt) ?? Number.NaN;
    const stretch = { startedAt: failure.sentAt, endedAt: recovery, seconds: +((recovery - failure.sentAt) / 1000).toFixed(2), unanswered: 0 };
    if (!worst || !(stretch.seconds <= worst.seconds)) worst = stretch;
  }
  if (worst) {
    const { startedAt, endedAt } = worst;
    worst.unanswered = attempts.filter((a) => !a.answered && a.sentAt >= startedAt && (Number.isNaN(endedAt) || a.sentAt <= endedAt)).length;
  }
  return worst;
}

/** The longest time after `from` without an answered success (from `from`, or a success, to the next success). */
export function longestWithoutSuccess(attempts: Attempt[], from: number): number {
  const successes = attempts.filter((a) => a.success && a.endedAt >= from).map((a) => a.endedAt).sort((a, b) => a - b);
  let longest = 0;
  let previous = from;
  for (const at of successes) {
    longest = Math.max(longest, at - previous);
    previous = at;
  }
  return +(longest / 1000).toFixed(2);
}

/** How the attempts ended, by answer code or reason: for the log when something looks wrong. */
export function attemptSummary(records: CallRecord[], attempts: Attempt[]): string {
  const tally = new Map<string, number>();
  for (const r of records) if (r.code) tally.set(`answer ${r.code}`, (tally.get(`answer ${r.code}`) ?? 0) + 1);
  for (const a of attempts) if (!a.answered) tally.set(`no answer: ${a.why}`, (tally.get(`no answer: ${a.why}`) ?? 0) + 1);
  return [...tally].sort((a, b) => b[1] - a[1]).map(([what, n]) => `${n} × ${what}`).join('; ');
}
