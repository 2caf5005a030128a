import crypto from 'node:crypto';
import type { Database, Queryable } from '../db/index.ts';
import { luhnValid } from '../../services/contract/shared.ts';
import { LUANDA_DAY } from '../ledger/limits.ts';
import { sameName } from './identityRegistry.ts';
import { OPERATING_BANKS, type BankAdapter, type BankBranch, type BankFailureReason, type BankOperationRequest, type BankOperationStatus, type BinInfo, type CardType } from './bank.ts';

/**
 * A local bank with real state in its own tables (`bank_sim_*`, migration 010): a BIN table, test
 * cards with their accounts and limits, branches, and operations that settle asynchronously:
 * `submit` records an operation PENDING with a due time (BANK_SETTLEMENT_DELAY_MS, or the
 * controls' or the card's delay), `processDue` (run by the settlement job) completes it —
 * a debit fails when the card's account lacks the money, anything fails when the card or the whole
 * bank is told to. Everything is in tables, so a restart loses nothing.
 */
export function bankSimulator(db: Database, options: { defaultDelayMs: number }): BankAdapter {
  const statusOf = (row: { reference: string; state: BankOperationStatus['state']; reason: string | null; settled_at: Date | null }): BankOperationStatus => ({
    reference: row.reference,
    state: row.state,
    reason: row.reason as BankFailureReason | null,
    settledAt: row.settled_at ? new Date(row.settled_at) : null,
  });
  const OPERATION_COLUMNS = 'reference, state, reason, settled_at';

  return {
    name: 'simulator',

    async lookupBin(cardNo) {
      const { rows } = await db.query<{ bin: string; bank_code: string; card_type: CardType; product: string }>(
        'SELECT bin, bank_code, card_type, product FROM bank_sim_bins WHERE bin = $1',
        [cardNo.slice(0, 6)],
      );
      const row = rows[0];
      return row ? ({ bin: row.bin, bankCode: row.bank_code, cardType: row.card_type, product: row.product } satisfies BinInfo) : null;
    },

    async verifyCard({ cardNo, holderName, mobile }) {
      const { rows } = await db.query<{ token: string; holder_name: string; holder_mobile: string; status: string; bank_code: string; card_type: CardType }>(
        `SELECT c.token, c.holder_name, c.holder_mobile, c.status, b.bank_code, b.card_type
           FROM bank_sim_cards c JOIN bank_sim_bins b ON b.bin = c.bin WHERE c.card_no = $1`,
        [cardNo],
      );
      const card = rows[0];
      if (!card) return { outcome: 'unknownCard' };
      if (card.status !== 'active') return { outcome: 'blocked' };
      if (!sameName(card.holder_name, holderName)) return { outcome: 'holderMismatch' };
      if (card.holder_mobile !== mobile) return { outcome: 'mobileMismatch' };
      return { outcome: 'ok', token: card.token, bankCode: card.bank_code, cardType: card.card_type, holderName: card.holder_name };
    },

    async submit(request: BankOperationRequest) {
      return db.transaction(async (tx) => {
        const { rows: cards } = await tx.query<{
          card_no: string; bank_code: string; status: string; delay_ms: number | null;
          debit_per_operation: string | null; debit_daily: string | null; credit_per_operation: string | null; credit_daily: string | null;
        }>(
          `SELECT c.card_no, b.bank_code, c.status, c.delay_ms, c.debit_per_operation, c.debit_daily, c.credit_per_operation, c.credit_daily
             FROM bank_sim_cards c JOIN bank_sim_bins b ON b.bin = c.bin WHERE c.token = $1 FOR UPDATE OF c`,
          [request.cardToken],
        );
        const card = cards[0];
        if (!card) return { reference: request.reference, state: 'FAILED', reason: 'CARD_UNKNOWN', settledAt: new Date() } satisfies BankOperationStatus;
        // under the card's lock: a second submission of the same reference finds the first
        const existing = await tx.query<{ reference: string; state: BankOperationStatus['state']; reason: string | null; settled_at: Date | null }>(
          `SELECT ${OPERATION_COLUMNS} FROM bank_sim_operations WHERE reference = $1`,
          [request.reference],
        );
        if (existing.rows[0]) return statusOf(existing.rows[0]);

        let refusal: BankFailureReason | null = null;
        if (card.status !== 'active') refusal = 'CARD_BLOCKED';
        const perOperation = request.kind === 'debit' ? card.debit_per_operation : card.credit_per_operation;
        const daily = request.kind === 'debit' ? card.debit_daily : card.credit_daily;
        if (!refusal && perOperation !== null && request.amount > BigInt(perOperation)) refusal = 'LIMIT_EXCEEDED';
        if (!refusal && daily !== null) {
          const { rows } = await tx.query<{ total: string }>(
            `SELECT coalesce(sum(amount), 0)::text AS total FROM bank_sim_operations
              WHERE card_no = $1 AND kind = $2 AND state <> 'FAILED'
                AND (created_at AT TIME ZONE 'UTC' + interval '1 hour')::date = ${LUANDA_DAY}`,
            [card.card_no, request.kind],
          );
          if (BigInt(rows[0]!.total) + request.amount > BigInt(daily)) refusal = 'LIMIT_EXCEEDED';
        }
        if (!refusal && request.kind === 'credit') {
          // a bank that routes payouts by branch needs one of its own
          const { rows } = await tx.query<{ n: string; known: boolean }>(
            'SELECT count(*)::text AS n, bool_or(branch_code = $2) AS known FROM bank_sim_branches WHERE bank_code = $1',
            [card.bank_code, request.branchCode ?? ''],
          );
          if (Number(rows[0]!.n) > 0 && !rows[0]!.known) refusal = 'BRANCH_REQUIRED';
        }
        const { rows: controls } = await tx.query<{ delay_ms: number | null }>('SELECT delay_ms FROM bank_sim_controls WHERE id = 1');
        const delayMs = card.delay_ms ?? controls[0]?.delay_ms ?? options.defaultDelayMs;
        const { rows } = await tx.query<{ reference: string; state: BankOperationStatus['state']; reason: string | null; settled_at: Date | null }>(
          `INSERT INTO bank_sim_operations (reference, kind, card_no, amount, branch_code, state, reason, due_at, settled_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8::float8 / 1000), CASE WHEN $6::text = 'FAILED' THEN now() END)
           RETURNING ${OPERATION_COLUMNS}`,
          [request.reference, request.kind, card.card_no, request.amount.toString(), request.branchCode ?? null, refusal ? 'FAILED' : 'PENDING', refusal, delayMs],
        );
        return statusOf(rows[0]!);
      });
    },

    async status(reference) {
      const { rows } = await db.query<{ reference: string; state: BankOperationStatus['state']; reason: string | null; settled_at: Date | null }>(
        `SELECT ${OPERATION_COLUMNS} FROM bank_sim_operations WHERE reference = $1`,
        [reference],
      );
      return rows[0] ? statusOf(rows[0]) : null;
    },

    async branches(bankCode, filter = {}) {
      const { rows } = await db.query<{ bank_code: string; branch_code: string; name: string; province_id: string; city: string; address: string }>(
        `SELECT bank_code, branch_code, name, province_id, city, address FROM bank_sim_branches
          WHERE bank_code = $1 AND ($2::text IS NULL OR province_id = $2) AND ($3::text IS NULL OR city = $3) AND ($4::text IS NULL OR branch_code = $4)
          ORDER BY province_id, city, name`,
        [bankCode, filter.provinceId ?? null, filter.city ?? null, filter.branchCode ?? null],
      );
      return rows.map((r): BankBranch => ({ bankCode: r.bank_code, branchCode: r.branch_code, name: r.name, provinceId: r.province_id, city: r.city, address: r.address }));
    },

    async processDue({ limit = 200, ignoreDelay = false } = {}) {
      return db.transaction(async (tx) => {
        const { rows: controls } = await tx.query<{ fail_all: boolean; paused: boolean }>('SELECT fail_all, paused FROM bank_sim_controls WHERE id = 1');
        const control = controls[0] ?? { fail_all: false, paused: false };
        if (control.paused && !ignoreDelay) return 0;
        const { rows: due } = await tx.query<{ id: string; kind: 'debit' | 'credit'; card_no: string; amount: string }>(
          `SELECT id, kind, card_no, amount FROM bank_sim_operations
            WHERE state = 'PENDING' AND ($2::boolean OR due_at <= now())
            ORDER BY due_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [limit, ignoreDelay],
        );
        // cards are locked in one order by every processor, so two of them never wait on each other in a cycle
        due.sort((a, b) => (a.card_no < b.card_no ? -1 : a.card_no > b.card_no ? 1 : Number(BigInt(a.id) - BigInt(b.id))));
        for (const op of due) {
          const { rows } = await tx.query<{ balance: string; force_failure: boolean; status: string }>(
            'SELECT balance, force_failure, status FROM bank_sim_cards WHERE card_no = $1 FOR UPDATE',
            [op.card_no],
          );
          const card = rows[0]!;
          const amount = BigInt(op.amount);
          let reason: BankFailureReason | null = null;
          if (control.fail_all || card.force_failure) reason = 'DECLINED';
          else if (card.status !== 'active') reason = 'CARD_BLOCKED';
          else if (op.kind === 'debit' && BigInt(card.balance) < amount) reason = 'INSUFFICIENT_FUNDS';
          if (!reason) {
            await tx.query(`UPDATE bank_sim_cards SET balance = balance ${op.kind === 'debit' ? '-' : '+'} $2 WHERE card_no = $1`, [op.card_no, amount.toString()]);
          }
          await tx.query('UPDATE bank_sim_operations SET state = $2, reason = $3, settled_at = now() WHERE id = $1', [op.id, reason ? 'FAILED' : 'SUCCEEDED', reason]);
        }
        return due.length;
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The simulated bank's BINs, branches and test cards

/** The simulator's BIN scheme: '6' + bank code + 0 (debit) or 5 (credit). */
export const simulatorBin = (bankCode: string, type: CardType) => `6${bankCode}${type === 'debit' ? '0' : '5'}`;

/** A Luhn-valid 16-digit number: the BIN, a nine-digit serial, the check digit. */
export function simulatorCardNumber(bin: string, serial: number): string {
  const body = `${bin}${String(serial).padStart(9, '0')}`;
  for (let check = 0; check <= 9; check++) if (luhnValid(`${body}${check}`)) return `${body}${check}`;
  throw new Error('unreachable');
}

/** Banks that route a payout by branch (the wallet's bank_channels.needs_branch is seeded from it: server/db/seed.ts). */
export const BRANCH_BANKS = ['0010'] as const;

/** Simulated branches of the banks in BRANCH_BANKS (codes and names are the simulator's). */
const BRANCHES: ReadonlyArray<Omit<BankBranch, 'address'>> = [
  { bankCode: '0010', branchCode: '0024', name: 'BPC Agência Ingombota', provinceId: 'luanda', city: 'Ingombota' },
  { bankCode: '0010', branchCode: '0031', name: 'BPC Agência Maianga', provinceId: 'luanda', city: 'Maianga' },
  { bankCode: '0010', branchCode: '0045', name: 'BPC Agência Talatona', provinceId: 'luanda', city: 'Talatona' },
  { bankCode: '0010', branchCode: '0052', name: 'BPC Agência Viana', provinceId: 'luanda', city: 'Viana' },
  { bankCode: '0010', branchCode: '0110', name: 'BPC Agência Benguela', provinceId: 'benguela', city: 'Benguela' },
  { bankCode: '0010', branchCode: '0115', name: 'BPC Agência Lobito', provinceId: 'benguela', city: 'Lobito' },
  { bankCode: '0010', branchCode: '0201', name: 'BPC Agência Huambo', provinceId: 'huambo', city: 'Huambo' },
  { bankCode: '0010', branchCode: '0301', name: 'BPC Agência Lubango', provinceId: 'huila', city: 'Lubango' },
];

export interface SimulatorCard {
  cardNo: string;
  holderName: string;
  /** E.164 */
  holderMobile: string;
  /** Cêntimos on the card's account. */
  balance: bigint;
  debitPerOperation?: bigint | null;
  debitDaily?: bigint | null;
  creditPerOperation?: bigint | null;
  creditDaily?: bigint | null;
  forceFailure?: boolean;
  note: string;
}

const KZ = 100n;
/** Multicaixa's daily cap on card-initiated transfers (Instrutivo 02/2025, services/data/angola/bna_limits.json): the test cards' daily debit limit. */
const CARD_DAILY = 9_000_000n * KZ;

/** The demo people's cards (names as in the identity registry, server/db/seed.ts). */
export const SIM_TEST_CARDS: readonly SimulatorCard[] = [
  { cardNo: simulatorCardNumber(simulatorBin('0040', 'debit'), 1), holderName: 'Ana Maria Demo', holderMobile: '+244923000001', balance: 2_000_000n * KZ, debitDaily: CARD_DAILY, note: 'BAI debit' },
  { cardNo: simulatorCardNumber(simulatorBin('0006', 'credit'), 2), holderName: 'Ana Maria Demo', holderMobile: '+244923000001', balance: 500_000n * KZ, note: 'BFA credit: refused for binding' },
  { cardNo: simulatorCardNumber(simulatorBin('0010', 'debit'), 3), holderName: 'Ana Maria Demo', holderMobile: '+244923000001', balance: 300_000n * KZ, debitDaily: CARD_DAILY, note: 'BPC debit: withdrawals need a branch' },
  { cardNo: simulatorCardNumber(simulatorBin('0040', 'debit'), 4), holderName: 'Bruno Manuel Demo', holderMobile: '+244943000002', balance: 1_000_000n * KZ, debitDaily: CARD_DAILY, note: 'BAI debit' },
  { cardNo: simulatorCardNumber(simulatorBin('0044', 'debit'), 5), holderName: 'Bruno Manuel Demo', holderMobile: '+244943000002', balance: 1_000n * KZ, debitDaily: CARD_DAILY, note: 'Banco Sol debit with 1 000 Kz: larger top-ups fail (insufficient funds)' },
  { cardNo: simulatorCardNumber(simulatorBin('0055', 'debit'), 6), holderName: 'Joana Baptista Neto', holderMobile: '+244923000003', balance: 800_000n * KZ, debitDaily: CARD_DAILY, note: 'Millennium Atlântico debit' },
  { cardNo: simulatorCardNumber(simulatorBin('0060', 'debit'), 7), holderName: 'Mateus Kiala Fernandes', holderMobile: '+244923000004', balance: 800_000n * KZ, forceFailure: true, note: 'Standard Bank debit the bank always declines' },
  { cardNo: simulatorCardNumber(simulatorBin('0052', 'debit'), 8), holderName: 'Luísa Nzinga Tavares', holderMobile: '+244923000005', balance: 800_000n * KZ, debitPerOperation: 10_000n * KZ, debitDaily: 20_000n * KZ, note: 'BNI debit limited to 10 000 Kz per top-up, 20 000 Kz a day' },
  { cardNo: simulatorCardNumber(simulatorBin('0040', 'debit'), 10), holderName: 'Teresa Cassule Mendes', holderMobile: '+244923000012', balance: 200_000n * KZ, debitDaily: CARD_DAILY, note: 'BAI debit of a newcomer who finds a store through a shared link (tests/e2e)' },
  // a business account's card is in the company's registered name (what an approved enterprise verification records as its real name)
  { cardNo: simulatorCardNumber(simulatorBin('0040', 'debit'), 9), holderName: 'Loja Demo, Lda', holderMobile: '+244923000010', balance: 500_000n * KZ, debitDaily: CARD_DAILY, note: 'BAI business debit of the demo enterprise: its settlement card' },
];

const big = (v: bigint | null | undefined) => (v == null ? null : v.toString());

/** Adds a card to the simulated bank (seed, tests and load tests); an existing number is left as it is. */
export async function createSimulatorCard(db: Queryable, card: Omit<SimulatorCard, 'note'>): Promise<void> {
  await db.query(
    `INSERT INTO bank_sim_cards (card_no, bin, token, holder_name, holder_mobile, balance, debit_per_operation, debit_daily, credit_per_operation, credit_daily, force_failure)
     VALUES ($1, substr($1, 1, 6), $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (card_no) DO NOTHING`,
    [card.cardNo, `simtok_${crypto.randomBytes(16).toString('hex')}`, card.holderName, card.holderMobile, card.balance.toString(),
      big(card.debitPerOperation), big(card.debitDaily), big(card.creditPerOperation), big(card.creditDaily), card.forceFailure ?? false],
  );
}

/** Idempotent: BINs for every operating bank (of the BNA register), the branches, the test cards. */
export async function seedBankSimulator(db: Queryable): Promise<void> {
  for (const bank of OPERATING_BANKS) {
    for (const type of ['debit', 'credit'] as const) {
      await db.query(
        'INSERT INTO bank_sim_bins (bin, bank_code, card_type, product) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [simulatorBin(bank.code, type), bank.code, type, `${bank.short} ${type === 'debit' ? 'Multicaixa Débito' : 'Crédito'}`],
      );
    }
  }
  for (const b of BRANCHES) {
    await db.query(
      'INSERT INTO bank_sim_branches (bank_code, branch_code, name, province_id, city, address) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING',
      [b.bankCode, b.branchCode, b.name, b.provinceId, b.city, `Balcão simulado, ${b.city}`],
    );
  }
  for (const card of SIM_TEST_CARDS) await createSimulatorCard(db, card);
}

/** The simulated bank's switches (dev page, tests). */
export async function setSimulatorControls(db: Queryable, controls: { failAll?: boolean; paused?: boolean; delayMs?: number | null }): Promise<void> {
  await db.query(
    `UPDATE bank_sim_controls SET fail_all = coalesce($1::boolean, fail_all), paused = coalesce($2::boolean, paused),
            delay_ms = CASE WHEN $3::boolean THEN $4::integer ELSE delay_ms END WHERE id = 1`,
    [controls.failAll ?? null, controls.paused ?? null, controls.delayMs !== undefined, controls.delayMs ?? null],
  );
}

/** A test card's switches and balance (dev page, tests). */
export async function setSimulatorCard(db: Queryable, cardNo: string, changes: { forceFailure?: boolean; balance?: bigint; status?: 'active' | 'blocked'; delayMs?: number | null }): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE bank_sim_cards SET force_failure = coalesce($2::boolean, force_failure), balance = coalesce($3::bigint, balance), status = coalesce($4::text, status),
            delay_ms = CASE WHEN $5::boolean THEN $6::integer ELSE delay_ms END WHERE card_no = $1 RETURNING 1`,
    [cardNo, changes.forceFailure ?? null, changes.balance?.toString() ?? null, changes.status ?? null, changes.delayMs !== undefined, changes.delayMs ?? null],
  );
  return rows.length > 0;
}
