import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

/** `/flows/` serves the flow book written beside the build, outside production only. */
describe('the flow book route', () => {
  let dev: TestServer;
  let prod: TestServer;
  beforeAll(async () => {
    [dev, prod] = await Promise.all([startTestServer('pglite'), startTestServer('pglite', { NODE_ENV: 'production' })]);
  });
  afterAll(async () => {
    await Promise.all([dev?.close(), prod?.close()]);
  });
  const book = (server: TestServer) => path.join(server.filesDir, 'no-build', 'flows');

  it('says how to build the book before there is one', async () => {
    const answer = await dev.app.inject({ method: 'GET', url: '/flows/' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('npm run flows');
  });

  it('serves the book as written, with the types its files need, and nothing outside it', async () => {
    await fs.mkdir(path.join(book(dev), 'shots/cashier/pt'), { recursive: true });
    await fs.writeFile(path.join(book(dev), 'index.html'), '<!doctype html><title>Flow book</title>');
    await fs.writeFile(path.join(book(dev), 'book.css'), 'body{}');
    await fs.writeFile(path.join(book(dev), 'shots/cashier/pt/paid.jpg'), Buffer.from([0xff, 0xd8, 0xff]));
    await fs.writeFile(path.join(dev.filesDir, 'no-build', 'secret.txt'), 'not in the book');

    const index = await dev.app.inject({ method: 'GET', url: '/flows/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.body).toContain('<title>Flow book</title>');
    expect((await dev.app.inject({ method: 'GET', url: '/flows' })).headers.location).toBe('/flows/');
    expect((await dev.app.inject({ method: 'GET', url: '/flows/book.css' })).headers['content-type']).toMatch(/^text\/css/);
    const shot = await dev.app.inject({ method: 'GET', url: '/flows/shots/cashier/pt/paid.jpg' });
    expect(shot.headers['content-type']).toBe('image/jpeg');
    expect(shot.rawPayload).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    for (const url of ['/flows/../secret.txt', '/flows/%2e%2e/secret.txt', '/flows/..%2fsecret.txt', '/flows/missing.html']) {
      const answer = await dev.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain('not in the book');
    }
  });

  it('is not there in production', async () => {
    await fs.mkdir(book(prod), { recursive: true });
    await fs.writeFile(path.join(book(prod), 'index.html'), '<!doctype html><title>Flow book</title>');
    const answer = await prod.app.inject({ method: 'GET', url: '/flows/' });
    expect(answer.body).not.toContain('<title>Flow book</title>');
  });
});
