import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8';

describe('the landing page at /', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await testRuntime('sqlite');
  });
  afterAll(async () => {
    await rt?.close();
  });

  const get = (url: string, headers: Record<string, string>) =>
    rt.app.inject({ method: 'GET', url, headers });

  it('a browser gets a page saying what the service is, linking to the dashboard, sign-up and the API reference', async () => {
    const res = await get('/', { accept: BROWSER_ACCEPT });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<h1 id="what">Bitcoin payments</h1>');
    expect(res.body).toContain('This is a paytag service');
    for (const href of ['/dashboard', '/dashboard/sign-up', '/openapi.json'])
      expect(res.body).toContain(`href="${href}"`);
    // The test service runs the sandbox node: the page says no real bitcoin moves.
    expect(res.body).toContain('no real bitcoin moves');
    // The API reference it links to is there.
    expect((await get('/openapi.json', {})).json()).toHaveProperty('openapi');
  });

  it('is in Hindi for ?lang=hi and for a browser that prefers Hindi', async () => {
    for (const res of [
      await get('/?lang=hi', { accept: BROWSER_ACCEPT }),
      await get('/', { accept: BROWSER_ACCEPT, 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="hi"');
      expect(res.body).toContain('बिटकॉइन भुगतान');
    }
  });

  it.each([
    ['application/json', { accept: 'application/json' }],
    ['*/* (curl)', { accept: '*/*' }],
    ['no Accept header', {}],
    ['text/html;q=0', { accept: 'text/html;q=0, application/json' }],
  ])('a client asking for %s keeps the JSON "not found"', async (_what, headers: Record<string, string>) => {
    const res = await get('/', headers);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      status: false,
      success: false,
      data: null,
      message: 'no endpoint GET /',
      code: 'not_found',
    });
  });

  it('HEAD / answers as GET does, without a body', async () => {
    const res = await rt.app.inject({ method: 'HEAD', url: '/', headers: { accept: BROWSER_ACCEPT } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});
