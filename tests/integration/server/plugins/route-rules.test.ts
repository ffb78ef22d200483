import { describe, expect, it } from 'vitest';
import { readBuildInfo } from '../../../../server/build-info.ts';
import { paths } from '../../../../server/paths.ts';
import type { Payload } from '../../../../shared/payload.ts';
import { startTestApp } from '../../../helpers/app.ts';

const { get } = await startTestApp();
const build = readBuildInfo(paths().buildInfo);

describe('route rules', () => {
  it('redirect an old address server-side, keeping the locale and the query', async () => {
    const ru = await get('/glacier-map?glacier=abramova');
    expect(ru.statusCode).toBe(301);
    expect(ru.headers.location).toBe('/resources/tools/wgms?glacier=abramova');
    const en = await get('/en/glacier-map');
    expect(en.headers.location).toBe('/en/resources/tools/wgms');
  });

  it('redirect to an absolute target', async () => {
    const res = await get('/wgms');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://wgms.ch/');
  });

  it('answer a payload request with the redirect, an absolute target marked for a full page load', async () => {
    const inside = (await get(`/en/glacier-map/_payload.json?${build.id}`)).json<Payload>();
    expect(inside.redirect).toEqual({ location: '/en/resources/tools/wgms', reloadDocument: false });
    const outside = (await get(`/wgms/_payload.json?${build.id}`)).json<Payload>();
    expect(outside.redirect).toEqual({ location: 'https://wgms.ch/', reloadDocument: true });
  });

  it('are published in the build manifest matcher', async () => {
    const meta = (await get(`/builds/meta/${build.id}.json`)).json<{ matcher: Record<string, unknown> }>();
    expect(meta.matcher).toHaveProperty('/glacier-map');
  });
});

describe('route middleware', () => {
  it('canonical-page sends ?page=1 to the page without it (document and payload)', async () => {
    const doc = await get('/news?page=1');
    expect(doc.statusCode).toBe(301);
    expect(doc.headers.location).toBe('/news');
    const en = await get('/en/news?page=1&x=2');
    expect(en.headers.location).toBe('/en/news?x=2');
    const payload = (await get(`/news/_payload.json?${build.id}&page=1`)).json<Payload>();
    expect(payload.redirect?.location).toBe('/news');
  });
});
