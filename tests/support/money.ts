import crypto from 'node:crypto';
import type { PaymentPurpose } from '../../services/contract/payPassword.ts';
import { hashPassword } from '../../server/entities/memberAccounts.ts';
import { authorizePayment } from '../../server/ledger/payAuthorizations.ts';
import { memberAccount, post, systemAccount } from '../../server/ledger/ledger.ts';
import type { Queryable } from '../../server/db/index.ts';
import { envelope, type TestServer } from './server.ts';
import { openMemberSession } from '../../server/auth/sessions.ts';

/** What the client does: find each digit's position on the shuffled keypad, encrypt the positions. */
export function enterPin(pin: string, keypad: { rsaPublicKey: string; mapArr: number[]; randKey: string }) {
  const positions = [...pin].map((digit) => keypad.mapArr.indexOf(Number(digit))).join('');
  const publicKey = crypto.createPublicKey({ key: Buffer.from(keypad.rsaPublicKey, 'base64'), format: 'der', type: 'spki' });
  const cipher = crypto.publicEncrypt({ key: publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(positions)).toString('base64');
  return { randKey: keypad.randKey, cipher };
}

export async function memberIdOf(db: Queryable, login: string): Promise<string> {
  return (await db.query<{ id: string }>('SELECT id::text FROM members WHERE mobile = $1 OR email = $1', [login])).rows[0]!.id;
}

/** Marks a member verified as the verification flow would (name, level III, pay password 270419). */
export async function verifyMember(db: Queryable, login: string, realName: string, level: 'III' | 'commercial' = 'III'): Promise<string> {
  const id = await memberIdOf(db, login);
  await db.query(
    "UPDATE members SET verification_status = 'verified', account_level = $2, real_name = $3, verified_at = now(), pay_password_hash = $4 WHERE id = $1",
    [id, level, realName, await hashPassword('270419')],
  );
  return id;
}

/** Credits a member as a confirmed bank top-up does: from the bank's clearing account. */
export async function fund(db: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> }, memberId: string, cents: bigint, key = crypto.randomUUID()): Promise<void> {
  await db.transaction(async (tx) => {
    await post(tx, { key: `test-topup:${key}`, kind: 'topup', debit: await systemAccount(tx, { kind: 'bank_clearing', bankCode: '0040' }), credit: await memberAccount(tx, memberId, 'available'), amount: cents });
  });
}

/** A pay-password confirmation for `purpose`, through the real keypad and checkPayPwd. */
export async function payTokenByKeypad(server: TestServer, token: string, purpose: PaymentPurpose, pin = '270419'): Promise<string> {
  const call = async (service: string, bizContent: object) =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(service, bizContent, { token }) })).json();
  const keypad = (await call('common/getRandomKey', {})).bizContent;
  const answer = await call('wallet/paypassword/checkPayPwd', { ...enterPin(pin, keypad), purpose });
  if (!answer.bizContent?.payToken) throw new Error(`checkPayPwd: ${JSON.stringify(answer)}`);
  return answer.bizContent.payToken;
}

/** The same confirmation written directly (load tests and the benchmark, where argon2 per call would measure the hash). */
export async function payTokenDirect(db: Queryable, memberId: string, purpose: PaymentPurpose): Promise<string> {
  return authorizePayment(db, memberId, purpose);
}

export interface LoadMember { id: string; mobile: string; token: string }

/** `count` verified level-III members with `startBalance` cêntimos each and a session token (load tests and the benchmark). */
export async function createLoadMembers(db: Queryable & { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> }, count: number, startBalance: bigint): Promise<LoadMember[]> {
  const passwordHash = await hashPassword('270419');
  const members: LoadMember[] = [];
  for (let i = 0; i < count; i++) {
    const mobile = `92${String(1_000_000 + i).padStart(7, '0')}`;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO members (member_type, mobile, display_name, verification_status, account_level, real_name, pay_password_hash)
       VALUES ('individual', $1, $2, 'verified', 'III', $2, $3) RETURNING id::text`,
      [`+244${mobile}`, `Membro Carga ${i}`, passwordHash],
    );
    const id = rows[0]!.id;
    if (startBalance > 0n) await fund(db, id, startBalance);
    members.push({ id, mobile, token: await openMemberSession(db, id, { idleMs: 86_400_000, lifetimeMs: 86_400_000 }) });
  }
  return members;
}
