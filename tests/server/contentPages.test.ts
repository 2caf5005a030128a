import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, startTestServer, type TestServer } from '../support/server.ts';

/** Issue 25's content: the activity guide and the two result pages (server documents), and the guided demo's data. */
describe('content pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());
  const call = async (service: string, bizContent: object, language = 'pt') =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(service, bizContent, {}, language) })).json();

  it.each(['activeguide', 'witness', 'agentAgreements'])('%s is written in pt, en, fr and zh', async (slug) => {
    const titles = new Set<string>();
    for (const language of ['pt', 'en', 'fr', 'zh']) {
      const answer = await call('common/content/getDocument', { slug }, language);
      expect(answer.code, `${slug} ${language}`).toBe('S0001');
      expect(answer.bizContent.language).toBe(language);
      expect(answer.bizContent.sections.length).toBeGreaterThanOrEqual(5);
      titles.add(answer.bizContent.title);
    }
    expect(titles.size).toBe(4);
  });

  it('the activity guide says what the lottery promises: cashback within 2 hours, checkable draws, individuals only', async () => {
    const guide = (await call('common/content/getDocument', { slug: 'activeguide', language: 'en' })).bizContent;
    const text = JSON.stringify(guide);
    expect(text).toContain('within 2 hours');
    expect(text).toContain('SHA-256');
    expect(text).toContain('Company (merchant) accounts do not take part');
  });

  it('gives the guided demo its accounts, test identities, debit cards and the outbox outside production', async () => {
    const answer = await call('common/demo/guide', {});
    expect(answer.code).toBe('S0001');
    const guide = answer.bizContent;
    expect(guide.accounts).toEqual([
      { kind: 'member', name: 'Ana Demo', login: '923000001', password: 'Kwanza2026' },
      { kind: 'member', name: 'Bruno Demo', login: '943000002', password: 'Kwanza2026' },
      { kind: 'merchant', name: 'Loja Demo, Lda', login: 'loja@demo.ao', password: 'Kwanza2026' },
      { kind: 'operator', name: 'Operadora Demo', login: 'operador', password: 'Operador2026' },
    ]);
    expect(guide.identities[0]).toEqual({ nif: '004562891LA042', fullName: 'Ana Maria Demo' });
    // the demo people's debit cards only (Ana's credit card is refused for binding): Ana's two, Bruno's two, the company's
    expect(guide.cards.map((card: { holder: string }) => card.holder)).toEqual(['Ana Maria Demo', 'Ana Maria Demo', 'Bruno Manuel Demo', 'Bruno Manuel Demo', 'Loja Demo, Lda']);
    expect(guide.cards[0]).toMatchObject({ mobile: '923000001', note: 'BAI debit' });
    expect(guide.outboxUrl).toBe('/dev/outbox');
  });
});

describe('the guided demo on a production server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { NODE_ENV: 'production' });
  });
  afterAll(() => server.close());

  it('is refused: there is nothing to show', async () => {
    const answer = (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('common/demo/guide', {}) })).json();
    expect(answer).toMatchObject({ code: 'CNT40401', bizContent: null });
  });
});
