import type { FastifyInstance } from 'fastify';
import { CODES, LEGACY_HEADERS, STAFF_CODES } from '../../../services/contract/answerCodes.ts';
import { recordsFilter, type MerchantRecord } from '../../../services/contract/records.ts';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { Adapters } from '../../adapters/index.ts';
import { DomainError } from '../../errors.ts';
import type { HandlerContext } from '../../handler.ts';
import { errorMessage, messageText, normaliseLanguage, type Language } from '../../i18n.ts';
import { authenticate } from '../session/sessions.ts';
import { recordsScope } from '../merchantOpening/merchants.ts';
import { recordsPage, toRecord } from './query.ts';

/**
 * `GET /merchant/records.csv?storeId=&clerkId=&bindingId=&shortcut=|from=&to=&language=` with the
 * member's session token in `login-token` (as an upload: a header, never in a URL a link could
 * carry): the owner's records for its accountant, the same rows the records screen shows, every
 * page. A clerk is refused (STF10010): the export is the merchant's. Comma-separated (RFC 4180),
 * UTF-8 with a byte-order mark so spreadsheet apps read the accents, amounts in kwanzas with a
 * decimal point, times in Luanda. Text a spreadsheet would run as a formula is prefixed with '.
 */

const COLUMNS = ['voucherNo', 'tradeNo', 'time', 'store', 'clerk', 'code', 'method', 'payer', 'amount', 'charge', 'refunded', 'net', 'state'] as const;

/** One CSV field: quoted when it holds a separator, a quote or a line break; a leading = + - @ (or tab, CR) is neutralised for spreadsheets. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const kwanzas = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** "2026-11-24 09:05:00" in Luanda (UTC+1 all year). */
const luandaTime = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export function csvLine(record: MerchantRecord, language: Language): string {
  const values: Record<(typeof COLUMNS)[number], string> = {
    voucherNo: record.voucherNo,
    tradeNo: record.tradeNo,
    time: luandaTime(record.at),
    store: record.storeName,
    clerk: record.clerkName ?? '',
    code: record.serial ?? '',
    method: messageText(language, `records.method.${record.method}`),
    payer: record.payerMasked,
    amount: kwanzas(record.amount),
    charge: kwanzas(record.charge),
    refunded: kwanzas(record.refunded),
    net: kwanzas(record.net),
    state: messageText(language, `records.state.${record.state}`),
  };
  return COLUMNS.map((column) => csvField(values[column])).join(',');
}

export function csvHeader(language: Language): string {
  return COLUMNS.map((column) => csvField(messageText(language, `records.csv.${column}`))).join(',');
}

/** At most this many rows in one export (a year of a busy store is far below it): a longer one is refused, never cut short silently. */
const MAX_ROWS = 100_000;

export function registerRecordsExport(app: FastifyInstance, deps: { db: Database; config: ServerConfig; adapters: Adapters }) {
  app.get('/merchant/records.csv', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const language = normaliseLanguage(query.language ?? request.headers['accept-language']);
    const refuse = (status: number, code: string) =>
      reply.code(status).header('cache-control', 'private, no-store').send({ code, msg: errorMessage(language, code) });
    const header = (name: string) => String(request.headers[name] ?? '');
    const principal = await authenticate(deps.db, header(LEGACY_HEADERS.loginToken) || header(LEGACY_HEADERS.userAuth), {
      idleMs: deps.config.sessionIdleMs,
      lifetimeMs: deps.config.sessionLifetimeMs,
    });
    if (!principal) return refuse(401, CODES.sessionLost);
    if (principal.audience !== 'member') return refuse(403, CODES.forbidden);
    const filter = recordsFilter.safeParse(query);
    if (!filter.success) return refuse(400, CODES.invalidParameters);
    const ctx: HandlerContext = { db: deps.db, config: deps.config, adapters: deps.adapters, language, principal, requestNo: '', ip: request.ip };
    try {
      const scope = await recordsScope(ctx, deps.db, { ownerOnly: true });
      const lines = [csvHeader(language)];
      let cursor: string | undefined;
      let range = { from: '', to: '' };
      do {
        const page = await recordsPage(deps.db, scope, filter.data, { cursor, pageSize: 1000 });
        range = { from: page.from, to: page.to };
        for (const row of page.rows) lines.push(csvLine(toRecord(row), language));
        cursor = page.nextCursor ?? undefined;
      } while (cursor && lines.length <= MAX_ROWS);
      // a file that looks complete but is not would mislead an accountant: ask for a shorter range
      if (cursor) return refuse(400, CODES.invalidParameters);
      const body = `\uFEFF${lines.join('\r\n')}\r\n`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kwanza-wallet-records-${range.from}-${range.to}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(body);
    } catch (error) {
      if (error instanceof DomainError) return refuse(error.code === STAFF_CODES.ownerOnly || error.code === STAFF_CODES.staffRemoved ? 403 : 400, error.code);
      throw error;
    }
  });
}
