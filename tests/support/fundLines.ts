import crypto from 'node:crypto';
import { expect } from 'vitest';
import { envelope, startTestServer, type TestServer } from './server.ts';
import { fund, verifyMember } from './money.ts';
import { createMerchantDirect, type Answer, type MerchantSetup } from './merchant.ts';
import { SIM_TEST_CARDS } from '../../server/adapters/bankSimulator.ts';
import { bindCardDirect } from '../../server/domains/bindCard/handlers.ts';

/** Ana's BAI debit card in the bank simulator, and how a fund line shows it. */
export const ANA_BAI = SIM_TEST_CARDS.find((c) => c.holderName === 'Ana Maria Demo' && /^BAI/.test(c.note))!;
export const BAI_CARD = `BAI ${ANA_BAI.cardNo.slice(0, 4)} ${ANA_BAI.cardNo.slice(4, 6)}** **** ${ANA_BAI.cardNo.slice(-4)}`;

/**
 * What the fund-line tests (fundDetail, receipt) start from: Ana and Bruno verified and signed in,
 * Ana with her BAI card bound and 100 000 Kz, and a merchant with a store.
 */
export interface FundLinesWorld {
  server: TestServer;
  ana: string;
  anaId: string;
  bruno: string;
  brunoId: string;
  cardId: string;
  shop: MerchantSetup;
}

export async function fundLinesWorld(engine: 'pglite' | 'postgres'): Promise<FundLinesWorld> {
  const server = await startTestServer(engine, { BANK_SETTLEMENT_DELAY_MS: '0' });
  const anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
  const brunoId = await verifyMember(server.db, '+244943000002', 'Bruno Manuel Demo');
  const [ana, bruno] = await Promise.all([server.memberToken('+244923000001'), server.memberToken('+244943000002')]);
  const cardId = (await bindCardDirect(server.db, server.adapters.bank, anaId, { cardNo: ANA_BAI.cardNo, mobile: ANA_BAI.holderMobile })).cardId;
  await fund(server.db, anaId, 100_000n * 100n);
  const shop = await createMerchantDirect(server);
  return { server, ana, anaId, bruno, brunoId, cardId, shop };
}

/** Gateway calls as a member (Ana unless another token is given): `call` answers anything, `ok` expects success, `lines` is today's fund lines, newest first. */
export function fundLineCalls(world: () => FundLinesWorld) {
  const call = async (service: string, bizContent: object, token = world().ana): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token }, 'pt');
    payload.requestNo = `T${crypto.randomBytes(8).toString('hex')}`;
    return (await world().server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const ok = async (service: string, bizContent: object, token = world().ana) => {
    const answer = await call(service, bizContent, token);
    expect(answer.code, JSON.stringify(answer)).toBe('S0001');
    return answer.bizContent;
  };
  const lines = async (token = world().ana) =>
    (await ok('wallet/fund/queryFundDetails', { shortcut: '7', pageSize: 50 }, token)).items as Array<{ id: string; kind: string; amount: number; charge: number | null; counterparty: string | null }>;
  return { call, ok, lines };
}
