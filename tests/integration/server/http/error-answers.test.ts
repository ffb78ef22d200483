/**
 * Every error answer the server makes itself (server/http/error-document.ts): the edge's refusals, a malformed URL,
 * an error that escapes a route, and the plain document sent when the error page itself cannot be rendered. Each
 * carries the same security headers and a CSP, whichever path made it.
 */
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadClientBuild } from '../../../../server/ssr/prod.ts';
import { startTestApp } from '../../../helpers/app.ts';
import { rawRequest, type RawResponse } from '../../../helpers/raw-http.ts';

const config = { PUBLIC_ORIGIN: 'https://cryo.example.org' };

async function served(options: Parameters<typeof startTestApp>[0]) {
  const { app } = await startTestApp(options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return (target: string, headers: Record<string, string> = {}, method = 'GET', body?: string) =>
    rawRequest(port, target, { accept: 'text/html', ...headers }, method, body);
}

const site = await served({ config });
// a build whose server bundle cannot be loaded: no document renders, the error page neither
const real = loadClientBuild();
const broken = await served({
  config,
  clientBuild: { ...real, load: () => Promise.reject(new Error('server bundle unavailable')) },
});

/** A cross-site form post, refused by the edge; its message echoes the header (markup in it must stay text). */
const crossSite = (request: typeof site) =>
  request(
    '/feedback',
    { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site<script>alert(1)</script>' },
    'POST',
    'name=x',
  );

const HARDENING = ['x-content-type-options', 'referrer-policy', 'x-frame-options', 'strict-transport-security'];

/** The security headers of an answer, its CSP with the nonce left out (it differs per answer). */
const securityOf = (res: RawResponse): Record<string, string | undefined> => ({
  ...Object.fromEntries(HARDENING.map((name) => [name, res.headers[name]])),
  csp: res.headers['content-security-policy']?.replace(/'nonce-[^']+'/, "'nonce-…'"),
});

const nonceOf = (res: RawResponse) => /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] ?? '')?.[1];

describe('error answers', () => {
  it('every error document, branded, plain or a route’s, carries the same security headers and CSP', async () => {
    const answers = {
      'edge refusal (malformed Host)': await site('/news', { host: 'a b' }),
      'malformed URL (before any hook)': await site('/news/%E0%A4%A'),
      'cross-site post': await crossSite(site),
      'the 404 page of a route': await site('/no/such/page'),
      'fallback: edge refusal': await broken('/news', { host: 'a b' }),
      'fallback: malformed URL': await broken('/news/%E0%A4%A'),
      'fallback: cross-site post': await crossSite(broken),
      'an error escaping a route (500)': await broken('/news'),
    };
    const expected = securityOf(answers['the 404 page of a route']);
    expect(expected['strict-transport-security']).toBe('max-age=31536000');
    expect(expected.csp).toContain("default-src 'self'");
    expect(expected.csp).toContain("script-src 'self' 'nonce-…'");
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['content-type'], name).toContain('text/html');
      expect(securityOf(res), name).toEqual(expected);
      // every inline script of the document carries the nonce its CSP names
      const nonce = nonceOf(res);
      for (const script of res.body.match(/<script\b[^>]*>/g) ?? [])
        if (!/\bsrc=|application\/ld\+json/.test(script)) expect(script, name).toContain(`nonce="${nonce}"`);
    }
    for (const name of Object.keys(answers).filter((n) => n !== 'the 404 page of a route'))
      expect(answers[name as keyof typeof answers].headers['cache-control'], name).toBe('private, no-store');
  });

  it('when the error page cannot be rendered, the plain document says the status and the message in the path’s language', async () => {
    const ru = await broken('/news', { host: 'a b' });
    expect(ru.status).toBe(400);
    expect(ru.body).toMatch(/^<!DOCTYPE html><html lang="ru">/);
    expect(ru.body).toContain('<h1>400</h1><p>Malformed host header</p>');
    expect(ru.body).not.toMatch(/<script|<link/);
    const en = await broken('/en/news/%E0%A4%A');
    expect(en.status).toBe(400);
    expect(en.body).toContain('<html lang="en">');
  });

  it('the branded page is the layout with the message; the plain one escapes what the visitor sent', async () => {
    const branded = await crossSite(site);
    expect(branded.status).toBe(403);
    expect(branded.body).toContain('class="site-header"');
    const plain = await crossSite(broken);
    expect(plain.status).toBe(403);
    expect(plain.body).not.toContain('<script>alert(1)</script>');
    expect(plain.body).toContain('cross-site&#60;script&#62;alert(1)&#60;/script&#62;');
  });

  it('an error escaping a route shows no internal message: 500, the plain document or JSON', async () => {
    const page = await broken('/en/news');
    expect(page.status).toBe(500);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<h1>500</h1><p>Internal Server Error</p>');
    expect(page.body).not.toContain('server bundle unavailable');
    const json = await broken('/en/news', { accept: 'application/json' });
    expect(json.status).toBe(500);
    expect(JSON.parse(json.body)).toMatchObject({ statusCode: 500, message: 'Internal Server Error' });
    expect(securityOf(json)).toMatchObject({ 'x-content-type-options': 'nosniff', csp: undefined });
  });

  it('scripts and payload requests get JSON with the security headers, never a document', async () => {
    for (const request of [site, broken]) {
      const payload = await request('/news/_payload.json?x', { host: 'a b' });
      expect(payload.status).toBe(400);
      expect(payload.headers['content-type']).toContain('application/json');
      expect(JSON.parse(payload.body)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Malformed host header',
      });
      expect(payload.headers['cache-control']).toBe('private, no-store');
      expect(payload.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(payload.headers['x-content-type-options']).toBe('nosniff');
    }
    const unknown = await site('/no/such/thing', {}, 'DELETE');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Page not found: /no/such/thing',
    });
    expect(unknown.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
