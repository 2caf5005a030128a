import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Database } from './index.ts';
import { seedLevelLimits } from '../ledger/limits.ts';
import { BRANCH_BANKS, seedBankSimulator } from '../adapters/bankSimulator.ts';
import { seedBankChannels } from '../entities/bankChannels.ts';

/** Demo logins printed at start-up. Passwords here are for the local demo database only. */
export const DEMO_ACCOUNTS = [
  { memberType: 'individual', login: '+244923000001', displayName: 'Ana Demo', password: 'Kwanza2026' },
  { memberType: 'individual', login: '+244943000002', displayName: 'Bruno Demo', password: 'Kwanza2026' },
  { memberType: 'enterprise', login: 'loja@demo.ao', displayName: 'Loja Demo, Lda', password: 'Kwanza2026' },
] as const;

/** The built-in identity provider's demo operator (the platform area at /plateform/). */
export const DEMO_OPERATOR = {
  id: 'op-demo',
  subject: '5f0c8e8e-6a8f-4d57-9a57-000000000001',
  username: 'operador',
  password: 'Operador2026',
  name: 'Operadora Demo',
  email: 'operador@kwanza.ao',
} as const;

const NOTICES = [
  {
    pt: ['Bem-vindo à Kwanza Wallet', 'A sua carteira para pagar, transferir e receber em kwanzas.\n\nVerifique a sua identidade para aumentar os limites da conta.'],
    en: ['Welcome to Kwanza Wallet', 'Your wallet to pay, transfer and receive in kwanzas.\n\nVerify your identity to raise your account limits.'],
    zh: ['欢迎使用 Kwanza Wallet', '用宽扎付款、转账和收款的钱包。\n\n完成实名认证即可提高账户限额。'],
  },
  {
    pt: ['Manutenção programada', 'No domingo, entre as 02:00 e as 03:00 (hora de Luanda), alguns serviços podem ficar indisponíveis por alguns minutos.\n\nO seu saldo não é afetado.'],
    en: ['Scheduled maintenance', 'On Sunday between 02:00 and 03:00 (Luanda time) some services may be unavailable for a few minutes.\n\nYour balance is not affected.'],
    zh: ['计划维护', '周日 02:00 至 03:00（罗安达时间）部分服务可能短暂不可用。\n\n您的余额不受影响。'],
  },
] as const;

/**
 * The identity-registry simulator's people. Demo members verify with these B.I. numbers; one
 * document is expired on purpose.
 */
export const REGISTRY_PEOPLE = [
  { nif: '004562891LA042', fullName: 'Ana Maria Demo', expiresOn: '2031-05-10' },
  { nif: '005771234BE039', fullName: 'Bruno Manuel Demo', expiresOn: '2030-01-22' },
  { nif: '006123456LA048', fullName: 'Joana Baptista Neto', expiresOn: '2032-09-03' },
  { nif: '007654321HO011', fullName: 'Mateus Kiala Fernandes', expiresOn: '2029-11-30' },
  { nif: '008246810BG027', fullName: 'Luísa Nzinga Tavares', expiresOn: '2033-03-14' },
  { nif: '009357913LA064', fullName: 'Teresa Cassule Mendes', expiresOn: '2034-06-21' },
  { nif: '001112223LA099', fullName: 'Domingos Expirado Silva', expiresOn: '2020-01-01' },
] as const;

export interface SeedOptions {
  /** The demo members and the demo operator, whose passwords README publishes: never in production. */
  demo?: boolean;
  /** An operator of the built-in sign-on to start with (OPERATOR_USERNAME / OPERATOR_PASSWORD). */
  operator?: { username: string; password: string } | null;
}

/** Idempotent: safe on every start. The reference data always; the demo logins only when asked (not in production). */
export async function seed(db: Database, { demo = true, operator = null }: SeedOptions = {}): Promise<void> {
  await seedLevelLimits(db);
  await seedBankSimulator(db);
  // the wallet's channels start with the rules of the bank it runs with locally: the simulator
  await seedBankChannels(db, { branchBanks: BRANCH_BANKS });
  for (const person of REGISTRY_PEOPLE) {
    await db.query('INSERT INTO registry_persons (nif, full_name, document_expires_on) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [person.nif, person.fullName, person.expiresOn]);
  }
  if (demo) {
    for (const account of DEMO_ACCOUNTS) {
      const passwordHash = await hash(account.password, { algorithm: 2 });
      await db.query(
        `INSERT INTO members (member_type, mobile, email, display_name, login_password_hash)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [account.memberType, account.memberType === 'individual' ? account.login : null, account.memberType === 'enterprise' ? account.login : null, account.displayName, passwordHash],
      );
    }
    await addOperator(db, DEMO_OPERATOR);
  }
  if (operator) {
    // a subject of its own, stable for the username: a restart finds the same operator
    const subject = uuidFrom(`operator:${operator.username}`);
    await addOperator(db, { id: `op-${subject.slice(0, 8)}`, subject, username: operator.username, password: operator.password, name: operator.username, email: `${operator.username}@operators.local` });
  }
  await seedNotices(db);
}

/** The first notices, once: two gateways starting on an empty database queue on the lock, the second finds them. */
export async function seedNotices(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727275)');
    const { rows } = await tx.query<{ count: string }>('SELECT count(*)::text AS count FROM notices');
    if (Number(rows[0]?.count ?? 0) > 0) return;
    for (const notice of NOTICES) {
      const inserted = await tx.query<{ id: string }>('INSERT INTO notices DEFAULT VALUES RETURNING id');
      const id = inserted.rows[0]!.id;
      for (const [language, [title, body]] of Object.entries(notice)) {
        await tx.query('INSERT INTO notice_texts (notice_id, language, title, body) VALUES ($1, $2, $3, $4)', [id, language, title, body]);
      }
    }
  });
}

type OperatorSeed = { id: string; subject: string; username: string; password: string; name: string; email: string };

/** An operator of the built-in directory and the platform's operator row, unless there already is one. */
async function addOperator(db: Database, operator: OperatorSeed): Promise<void> {
  await db.query(
    `INSERT INTO operator_directory (subject, username, password_hash, name, email) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [operator.subject, operator.username, await hash(operator.password, { algorithm: 2 }), operator.name, operator.email],
  );
  await db.query(
    `INSERT INTO operators (id, issuer, subject, email, name) VALUES ($1, 'builtin', $2, $3, $4) ON CONFLICT DO NOTHING`,
    [operator.id, operator.subject, operator.email, operator.name],
  );
}

/** A UUID-shaped name derived from a text (SHA-256), so the same text always names the same subject. */
function uuidFrom(text: string): string {
  const hex = crypto.createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
