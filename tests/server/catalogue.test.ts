/**
 * Completeness (issue 13): every call of spec §7's catalogue is served on the gateway and on the
 * legacy transport. The list (services/catalogue.ts) is checked against the specification itself
 * when ../shared/spec/product-spec.md is there, so a call the spec names cannot be left off it.
 * (The routes of spec §2 are checked against the router in tests/screens/catalogue.test.tsx.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, SPEC_ROUTES, readSpec } from '../../services/catalogue.ts';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';

const SPEC = path.resolve(import.meta.dirname, '../../../shared/spec/product-spec.md');

describe('the catalogue list', () => {
  it.skipIf(!fs.existsSync(SPEC))('names exactly the calls and routes of the specification', () => {
    const spec = readSpec(fs.readFileSync(SPEC, 'utf8'));
    expect(spec.calls.length).toBeGreaterThan(50);
    expect(CATALOGUE.map((c) => ({ name: c.name, get: c.get === true })).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...spec.calls].sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(SPEC_ROUTES.map((r) => r.spec).sort()).toEqual([...spec.routes].sort());
  });

  it('reads a catalogue the way the specification writes it', () => {
    const spec = readSpec(['## 2. Screens and routes', 'Agreement pages, with no prefix:', '- agreement/a. Grey.', '- /agreement/terminal',
      'English variants under /en/agreement/: a, b.', 'Portuguese variants under /pt/agreement/: the same six plus c.', '| Route | Notes |', '|---|---|',
      '| index/:token | entry |', '| /app/x | |', '| any other path | not-found screen |', '## 3. Entities', '**Catalogue (group/action)**', '- Common:',
      '  - common/one (GET)', '  - common/two', '- User: wallet/three', '- Other: json/four.htm (GET, lookup)', '- Gateway: api (POST), and uploadFile (POST)',
      'Each named operation stores its result.'].join('\n'));
    expect(spec.calls).toEqual([
      { name: 'common/one', get: true }, { name: 'common/two', get: false }, { name: 'wallet/three', get: false },
      { name: 'json/four.htm', get: true }, { name: 'api', get: false }, { name: 'uploadFile', get: false },
    ]);
    expect(spec.routes).toEqual(['/agreement/a', '/agreement/terminal', '/en/agreement/a', '/en/agreement/b', '/pt/agreement/a', '/pt/agreement/b', '/pt/agreement/c', '/index/:token', '/app/x']);
  });

  it('gives every pending route the subject of the issue that builds it', () => {
    for (const route of SPEC_ROUTES.filter((r) => r.pending !== undefined)) expect(route.pending!.length, route.spec).toBeGreaterThan(3);
  });
});

describe.each(engines)('every catalogue call is served on both transports (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const services = CATALOGUE.filter((call) => !call.endpoint);

  it.each(services.map((call) => [call.name, call] as const))('%s', async (_name, call) => {
    // an empty call: refused for its session or its fields, but never as an unknown service
    const gateway = await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(call.name, {}) });
    expect(gateway.statusCode, gateway.body).not.toBe(404);
    expect(gateway.json().code).not.toBe('AGW10002');
    expect(gateway.json().code).toMatch(/^(S0001|AGW20001|AGW10003|[A-Z]{3}\d{5})$/);
    const legacy = await server.app.inject({ method: call.get ? 'GET' : 'POST', url: `/api/ccservice/${call.name}`, ...(call.get ? {} : { payload: {} }) });
    expect(legacy.statusCode, legacy.body).not.toBe(404);
    expect(legacy.json().status).not.toBe('AGW10002');
  });

  it('answers an unknown name as unknown on both, so the checks above can fail', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('common/noSuchCall', {}) })).json().code).toBe('AGW10002');
    expect((await server.app.inject({ method: 'POST', url: '/api/ccservice/common/noSuchCall', payload: {} })).json().status).toBe('AGW10002');
  });

  it('serves the transport endpoints and the static lookup the catalogue names', async () => {
    for (const call of CATALOGUE.filter((c) => c.endpoint)) {
      const answer = await server.app.inject({ method: call.endpoint!.method, url: call.endpoint!.url, ...(call.endpoint!.method === 'POST' ? { payload: {} } : {}) });
      expect(answer.statusCode, call.name).not.toBe(404);
    }
    const segments = await server.app.inject({ method: 'GET', url: '/json/mobile_tel_segment.htm' });
    expect(segments.statusCode).toBe(200);
  });
});
