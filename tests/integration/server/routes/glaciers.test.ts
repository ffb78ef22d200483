/** server/routes/glaciers.ts: `GET /api/glaciers?bounds=`, the glaciers in the interactive map's visible box. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedContentApi, startTestApp } from '../../../helpers/app.ts';
import { content } from '../../../helpers/content.ts';
import { forwardTo, startFakeUpstream } from '../../../helpers/fake-upstream.ts';

// the real content API behind a recording proxy, so the tests also see which upstream calls were made
const contentApi = await sharedContentApi();
const upstream = await startFakeUpstream(forwardTo(contentApi.url));
afterAll(() => upstream.close());
const { app } = await startTestApp({ upstreamUrl: upstream.url });

beforeEach(() => {
  upstream.handler = forwardTo(contentApi.url);
  upstream.reset();
});

const { glaciers } = content;
const mapped = glaciers.filter((g) => g.lat !== null && g.lon !== null);

const get = (url: string) => app.inject({ method: 'GET', url });
describe('GET /api/glaciers?bounds=', () => {
  const inBox = (s: number, w: number, n: number, e: number) =>
    mapped.filter((g) => g.lat! >= s && g.lat! <= n && g.lon! >= w && g.lon! <= e).map((g) => g.slug);

  it('returns only the glaciers in the box', async () => {
    const res = await get('/api/glaciers?bounds=41,74,43,79');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json() as { data: { slug: string; name: string }[] };
    const expected = inBox(41, 74, 43, 79);
    expect(expected.length).toBeGreaterThan(2);
    expect(expected.length).toBeLessThan(mapped.length);
    expect(body.data.map((g) => g.slug).sort()).toEqual(expected.sort());
    expect(body.data.find((g) => g.slug === 'golubina')?.name).toBe(
      glaciers.find((g) => g.slug === 'golubina')!.name.ru,
    );
    const tuyuksu = (await get('/api/glaciers?bounds=42.9,76.9,43.2,77.2')).json() as { data: { slug: string }[] };
    expect(tuyuksu.data.map((g) => g.slug).sort()).toEqual(['igli-tuyuksu', 'tsentralnyy-tuyuksu']);
    expect(((await get('/api/glaciers?bounds=0,0,1,1')).json() as { data: unknown[] }).data).toEqual([]);
  });

  it('names the glaciers in the locale of the path', async () => {
    const en = (await get('/en/api/glaciers?bounds=41,74,43,79')).json() as { data: { slug: string; name: string }[] };
    expect(en.data.find((g) => g.slug === 'golubina')?.name).toBe('Golubin Glacier');
  });

  it('answers the same box again from the cache, whatever its spelling', async () => {
    expect((await get('/api/glaciers?bounds=41,74,43,79')).statusCode).toBe(200);
    // the same box again comes from the cache, whatever its spelling
    upstream.reset();
    expect((await get('/api/glaciers?bounds=41.0,74,43.00,79')).statusCode).toBe(200);
    expect(upstream.requests.filter((r) => r.url.startsWith('/api/v1/glaciers/index'))).toHaveLength(0);
  });

  it('answers 400 to missing or bad bounds, without calling the upstream', async () => {
    upstream.reset();
    for (const query of [
      '',
      '?bounds=',
      '?bounds=41,74,43',
      '?bounds=41,74,43,79,80',
      '?bounds=a,b,c,d',
      '?bounds=41,,43,79',
      '?bounds=91,74,92,79',
      '?bounds=41,-181,43,79',
      '?bounds=43,74,41,79',
      '?bounds=1e400,0,1,1',
    ]) {
      const res = await get(`/api/glaciers${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json() as { message: string; errors: Record<string, string[]> };
      expect(body.message).toBe('Invalid bounds');
      expect(Object.keys(body.errors)).toEqual(['bounds']);
    }
    expect(upstream.requests).toHaveLength(0);
  });
});
