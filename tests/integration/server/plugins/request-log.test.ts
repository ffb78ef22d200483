import { describe, expect, it } from 'vitest';
import { loggedUrl } from '../../../../server/logged-url.ts';
import { startTestApp } from '../../../helpers/app.ts';

const TOKEN = 'a-purge-token-of-the-request-log-test';
// what a visitor or an operator might put into a query: none of it may reach a log line
const MARK = 'zqxmarker';
const query = `token=${MARK}1&email=${MARK}2%40example.org&q=${MARK}3&${MARK}4=x&${MARK}5`;

describe('the request log and every other log line', () => {
  it('carry the path and the route, never what a query carried, on every query-carrying route', async () => {
    const { app, logs, clientBuild } = await startTestApp({ config: { PURGE_TOKEN: TOKEN } });
    const news = await app.inject({ method: 'GET', url: '/en/news' });
    const image = /src="(\/_img\/[^"?]+)/.exec(news.body)?.[1];
    expect(image).toBeDefined();
    const build = clientBuild.build.id;
    const urls = [
      `/en/about?${query}`,
      `/about?${query}`,
      `/en/search?${query}`,
      `/search?q=${MARK}6&type=news`,
      `/en/search/_payload.json?${build}&q=${MARK}7`,
      `/en/news/_payload.json?${build}&${query}`,
      `/en/news?page=2&${query}`,
      `${image}?${query}`,
      `/en/feedback?topic=${MARK}8`,
      `/healthz?${query}`,
      `/rss.xml?${query}`,
      `/en/no-such-page?${query}`,
    ];
    const answers = await Promise.all(urls.map((url) => app.inject({ method: 'GET', url })));
    expect(answers.map((a) => a.statusCode).filter((s) => s >= 500)).toEqual([]);
    await app.inject({
      method: 'POST',
      url: '/__purge',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ paths: [`/en/search?q=${MARK}9`] }),
    });
    const requestLines = logs.filter((l) => l.msg === 'request');
    expect(requestLines.length).toBeGreaterThanOrEqual(urls.length + 2);
    // every line, upstream calls (debug) and the purge audit included
    expect(logs.filter((line) => JSON.stringify(line).includes(MARK))).toEqual([]);
    const logged = requestLines.map((l) => (l.req as { url: string }).url);
    expect(logged).toEqual(expect.arrayContaining(['/en/about', '/en/search', '/en/news?page=2', '/healthz']));
    expect(logged).toContain(`/en/news/_payload.json?${build}`);
    expect(logs.some((l) => l.msg === 'purge audit')).toBe(true);
  });
});

describe('loggedUrl', () => {
  it('keeps a list page and a payload build id, nothing else of a query', () => {
    expect(loggedUrl('/en/news?page=3')).toBe('/en/news?page=3');
    expect(loggedUrl('/en/news/_payload.json?6550d56886fa&page=2')).toBe('/en/news/_payload.json?6550d56886fa&page=2');
    expect(loggedUrl('/en/search?q=glacier&page=2')).toBe('/en/search?page=2');
    expect(loggedUrl('/en/news?page=two&token=x')).toBe('/en/news');
    expect(loggedUrl('/en/about?')).toBe('/en/about');
    expect(loggedUrl('/en/about')).toBe('/en/about');
  });
});
