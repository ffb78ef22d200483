import { describe, expect, it } from 'vitest';
import { VITALS_PATH } from '../../../../shared/web-vitals.ts';
import { startTestApp } from '../../../helpers/app.ts';

const beacon = (body: unknown, contentType = 'text/plain;charset=UTF-8') => ({
  method: 'POST' as const,
  url: VITALS_PATH,
  headers: { 'content-type': contentType },
  payload: typeof body === 'string' ? body : JSON.stringify(body),
});

const count = (metrics: string, name: string, labels: string) =>
  Number(new RegExp(`^${name}_count\\{${labels}\\} (\\d+)$`, 'm').exec(metrics)?.[1] ?? 0);

describe('field Core Web Vitals beacons', () => {
  it('a page view’s vitals are counted by route id and device class, and answered 204', async () => {
    const { app } = await startTestApp();
    const res = await app.inject(
      beacon({
        path: '/en/news/some-article',
        width: 390,
        metrics: [
          { name: 'LCP', value: 2300 },
          { name: 'CLS', value: 0.03 },
          { name: 'INP', value: 120 },
          { name: 'FCP', value: 900 },
          { name: 'TTFB', value: 150 },
        ],
      }),
    );
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    await app.inject(beacon({ path: '/', width: 1440, metrics: [{ name: 'LCP', value: 1100 }] }));
    const metrics = await app.metrics.metrics();
    expect(count(metrics, 'web_vitals_lcp_seconds', 'route="news-detail",device="mobile"')).toBe(1);
    expect(count(metrics, 'web_vitals_cls', 'route="news-detail",device="mobile"')).toBe(1);
    expect(count(metrics, 'web_vitals_inp_seconds', 'route="news-detail",device="mobile"')).toBe(1);
    expect(count(metrics, 'web_vitals_lcp_seconds', 'route="home",device="desktop"')).toBe(1);
    // milliseconds become seconds: 2.3 s lands in the 2.5 s bucket, not the 1.8 s one
    expect(metrics).toMatch(/^web_vitals_lcp_seconds_bucket\{le="1.8",route="news-detail",device="mobile"\} 0$/m);
    expect(metrics).toMatch(/^web_vitals_lcp_seconds_bucket\{le="2.5",route="news-detail",device="mobile"\} 1$/m);
    // the path is a route id only: nothing of the URL itself becomes a label
    expect(metrics).not.toContain('some-article');
  });

  it.each([
    ['not JSON', 'LCP=2300'],
    ['an unknown metric', { path: '/', width: 400, metrics: [{ name: 'FID', value: 10 }] }],
    ['a value out of range', { path: '/', width: 400, metrics: [{ name: 'LCP', value: 9_999_999 }] }],
    ['a negative value', { path: '/', width: 400, metrics: [{ name: 'CLS', value: -1 }] }],
    [
      'a metric twice',
      {
        path: '/',
        width: 400,
        metrics: [
          { name: 'LCP', value: 1 },
          { name: 'LCP', value: 2 },
        ],
      },
    ],
    ['no metric', { path: '/', width: 400, metrics: [] }],
    ['no width', { path: '/', metrics: [{ name: 'LCP', value: 1 }] }],
    ['a full URL as the path', { path: 'https://example.org/', width: 400, metrics: [{ name: 'LCP', value: 1 }] }],
    ['an extra field', { path: '/', width: 400, metrics: [{ name: 'LCP', value: 1 }], user: 'x' }],
  ])('junk (%s) is a 400 and never counted', async (_name, body) => {
    const { app } = await startTestApp();
    const res = await app.inject(beacon(body));
    expect(res.statusCode).toBe(400);
    expect(await app.metrics.metrics()).not.toMatch(/^web_vitals_\w+_count\{/m);
  });

  it('an oversized beacon is a 413, another type a 415, and neither is counted', async () => {
    const { app } = await startTestApp();
    const big = { path: `/${'a'.repeat(3000)}`, width: 400, metrics: [{ name: 'LCP', value: 1 }] };
    expect((await app.inject(beacon(big))).statusCode).toBe(413);
    expect(
      (await app.inject(beacon({ path: '/', width: 1, metrics: [{ name: 'LCP', value: 1 }] }, 'image/png'))).statusCode,
    ).toBe(415);
    expect(await app.metrics.metrics()).not.toMatch(/^web_vitals_\w+_count\{/m);
  });

  it('rate-limits each client', async () => {
    const { app } = await startTestApp({ config: { VITALS_RATE_LIMIT: 2 } });
    const body = { path: '/', width: 400, metrics: [{ name: 'TTFB', value: 10 }] };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.inject(beacon(body))).statusCode);
    expect(statuses).toEqual([204, 204, 429]);
  });

  it('the privacy policy says what a beacon carries and what is kept, in both locales', async () => {
    const { app } = await startTestApp();
    const ru = (await app.inject({ method: 'GET', url: '/content/privacy-policy' })).body;
    const en = (await app.inject({ method: 'GET', url: '/en/content/privacy-policy' })).body;
    for (const [page, words] of [
      [ru, ['Core Web Vitals', 'ширину окна', 'типом устройства', 'Сами сообщения не хранятся']],
      [en, ['Core Web Vitals', 'width of its window', 'device class', 'The messages themselves are not kept']],
    ] as const)
      for (const word of words) expect(page).toContain(word);
  });
});
