import type { FastifyInstance } from 'fastify';
import { CODES, STAFF_CODES } from '../../../services/contract/answerCodes.ts';
import { recordsFilter, type MerchantRecord } from '../../../services/contract/records.ts';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { Adapters } from '../../adapters/index.ts';
import { DomainError } from '../../errors.ts';
import { messageText, type Language } from '../../i18n.ts';
import { memberDownload } from '../../transport/memberDownload.ts';
import { recordsScope } from '../../entities/merchants.ts';
import { recordsPage, toRecord } from '../../entities/merchantRecords.ts';

/**
 * `GET /merchant/records.csv?storeId=&clerkId=&bindingId=&shortcut=|from=&to=&language=` with the
 * member's session token in `login-token` (as an upload: a header, never in a URL a link could
 * carry): the owner's records for its accountant, the same rows the records screen shows, every
 * page. A clerk is refused (STF10010): the export is the merchant's. RFC 4180 with the separator and
 * decimal mark a spreadsheet of the export's language expects (a pt or fr Excel splits on `;` and
 * reads `12,50`; en and zh on `,` and `12.50`), UTF-8 with a byte-order mark so spreadsheet apps
 * read the accents, times in Luanda as `yyyy-mm-dd hh:mm:ss`, which spreadsheets read as dates.
 * Every text is quoted, and text a spreadsheet would run as a formula is defused (csvText).
 */

const COLUMNS = ['voucherNo', 'tradeNo', 'time', 'store', 'clerk', 'code', 'method', 'payer', 'amount', 'charge', 'refunded', 'net', 'state'] as const;

/** How a spreadsheet of the export's language splits and reads numbers: pt and fr Excel use `;` and a decimal comma. */
export interface CsvFormat { separator: ',' | ';'; decimal: '.' | ',' }
export const csvFormat = (language: Language): CsvFormat => (language === 'pt' || language === 'fr' ? { separator: ';', decimal: ',' } : { separator: ',', decimal: '.' });

/**
 * One text field, always quoted (RFC 4180). A spreadsheet runs a cell that starts with = + - @ (or
 * a tab or CR) as a formula, and a reader that splits on the other separator (a pt Excel given
 * commas, or an en one given semicolons) starts a cell after every `,` or `;`: each such start is
 * defused with a leading '.
 */
export function csvText(value: string): string {
  const defused = value.replace(/(^|[,;])([=+\-@\t\r])/g, "$1'$2");
  return `"${defused.replace(/"/g, '""')}"`;
}

/** Kwanzas with two decimals, in the export's decimal mark (never a thousands separator). */
const kwanzas = (cents: number, format: CsvFormat) => `${Math.floor(cents / 100)}${format.decimal}${String(cents % 100).padStart(2, '0')}`;

/** "2026-11-24 09:05:00" in Luanda (UTC+1 all year). */
const luandaTime = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export function csvLine(record: MerchantRecord, language: Language): string {
  const format = csvFormat(language);
  const values: Record<(typeof COLUMNS)[number], string> = {
    voucherNo: csvText(record.voucherNo),
    tradeNo: csvText(record.tradeNo),
    time: luandaTime(record.at),
    store: csvText(record.storeName),
    clerk: csvText(record.clerkName ?? ''),
    code: csvText(record.serial ?? ''),
    method: csvText(messageText(language, `records.method.${record.method}`)),
    payer: csvText(record.payerMasked),
    amount: kwanzas(record.amount, format),
    charge: kwanzas(record.charge, format),
    refunded: kwanzas(record.refunded, format),
    net: kwanzas(record.net, format),
    state: csvText(messageText(language, `records.state.${record.state}`)),
  };
  return COLUMNS.map((column) => values[column]).join(format.separator);
}

export function csvHeader(language: Language): string {
  return COLUMNS.map((column) => csvText(messageText(language, `records.csv.${column}`))).join(csvFormat(language).separator);
}

/** At most this many rows in one export (a year of a busy store is far below it): a longer one is refused, never cut short silently. */
const MAX_ROWS = 100_000;

export function registerRecordsExport(app: FastifyInstance, deps: { db: Database; config: ServerConfig; adapters: Adapters }) {
  app.get('/merchant/records.csv', async (request, reply) => {
    const download = await memberDownload(request, reply, deps);
    if (!download) return reply;
    const { ctx, language, query, refuse } = download;
    const filter = recordsFilter.safeParse(query);
    if (!filter.success) return refuse(400, CODES.invalidParameters);
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
