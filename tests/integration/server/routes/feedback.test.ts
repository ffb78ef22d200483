import { describe, expect, it } from 'vitest';
import { startRecordedApp, startTestApp } from '../../../helpers/app.ts';
import { forwardTo, json } from '../../../helpers/fake-upstream.ts';

const { app, upstream, contentApiUrl } = await startRecordedApp({ config: { FEEDBACK_RATE_LIMIT: 1000 } });

const valid = {
  name: 'Айгерим',
  email: 'aigerim@example.org',
  feedback_type_id: 2,
  message: 'Хотим получить данные по леднику Туюксу.',
};
const posts = () => upstream.requests.filter((r) => r.method === 'POST');

const formPost = (url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
  });
/** the textarea's and inputs' values as the page shows them */
const fieldValue = (html: string, name: string) =>
  name === 'message'
    ? /<textarea[^>]*name="message"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1]
    : new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

describe('POST /feedback (BFF)', () => {
  it('forwards a valid post once with exactly the four fields and the locale', async () => {
    const res = await app.inject({ method: 'POST', url: '/en/feedback', payload: { ...valid, extra: 'dropped' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.url).toBe('/api/v1/feedbacks');
    expect(posts()[0]?.headers['accept-language']).toBe('en');
    expect(JSON.parse(posts()[0]!.body)).toEqual(valid);
  });

  it('rejects invalid input with 400 and field errors as translation keys, forwarding nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/feedback',
      payload: { name: ' ', email: 'nope', feedback_type_id: 'x', message: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'invalid',
      errors: {
        name: ['form.errors.required'],
        email: ['form.errors.invalidEmail'],
        feedback_type_id: ['form.errors.required'],
        message: ['form.errors.required'],
      },
    });
    expect(posts()).toHaveLength(0);
  });

  it('refuses an oversized body with 413, forwarding nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/feedback',
      payload: { ...valid, message: 'x'.repeat(200_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(posts()).toHaveLength(0);
  });

  it('answers failed when the upstream refuses the submission (422)', async () => {
    upstream.handler = (req, res) =>
      req.method === 'POST' ? json(res, 422, { message: 'no' }) : forwardTo(contentApiUrl)(req, res);
    const res = await app.inject({ method: 'POST', url: '/feedback', payload: valid });
    expect(res.json()).toEqual({ status: 'failed' });
    expect(posts()).toHaveLength(1);
  });

  it('refuses a topic the upstream does not know, forwarding nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/feedback', payload: { ...valid, feedback_type_id: 999 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'invalid', errors: { feedback_type_id: ['form.errors.invalid'] } });
    expect(posts()).toHaveLength(0);
  });

  it('works without JavaScript: an invalid form post is answered by the page itself, refilled, errors shown', async () => {
    const bad = await formPost('/en/feedback', { name: 'Aigerim', email: 'not-an-address', message: 'Mine' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.location).toBeUndefined();
    expect(bad.headers['content-type']).toMatch(/^text\/html/);
    expect(bad.headers['cache-control']).toBe('private, no-store');
    expect(bad.headers['x-cache']).toBe('bypass');
    expect(bad.headers['surrogate-key']).toBeUndefined();
    expect(fieldValue(bad.body, 'name')).toBe('Aigerim');
    expect(fieldValue(bad.body, 'email')).toBe('not-an-address');
    expect(fieldValue(bad.body, 'message')).toBe('Mine');
    expect(bad.body).toMatch(/class="form__error" role="alert">Enter a valid email address</);
    expect(bad.body).toMatch(/<html lang="en"/);
  });

  it('keeps the whole message of a plain post over the limit, so the visitor can shorten it', async () => {
    const message = `${'Ледник '.repeat(900)}конец`;
    expect(message.length).toBeGreaterThan(6000);
    const res = await formPost('/feedback', { ...valid, feedback_type_id: '2', message });
    expect(res.statusCode).toBe(400);
    expect(fieldValue(res.body, 'message')).toBe(message);
    expect(res.body).toContain('Сообщение длиннее 5000 знаков');
    expect(posts()).toHaveLength(0);
  });

  it('answers a plain post the upstream refuses with the page, the values kept (502)', async () => {
    upstream.handler = (req, res) =>
      req.method === 'POST' ? json(res, 422, { message: 'no' }) : forwardTo(contentApiUrl)(req, res);
    const res = await formPost('/feedback', { ...valid, feedback_type_id: '2' });
    expect(res.statusCode).toBe(502);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(fieldValue(res.body, 'message')).toBe(valid.message);
  });

  it('puts no submitted value in a URL, a link or a log line', async () => {
    const { app: logged, logs } = await startTestApp({
      upstreamUrl: upstream.url,
      config: { FEEDBACK_RATE_LIMIT: 1000, LOG_LEVEL: 'debug' },
    });
    const marker = 'zzmarker7';
    const fields = { name: `N${marker}`, email: `e${marker}@x`, feedback_type_id: '2', message: `M${marker}` };
    const answers = [
      await logged.inject({
        method: 'POST',
        url: '/feedback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...fields, email: 'broken' }).toString(),
      }),
      await logged.inject({
        method: 'POST',
        url: '/en/feedback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...fields, email: `e${marker}@example.org` }).toString(),
      }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([400, 303]);
    expect(answers[1]!.headers.location).toBe('/en/feedback?status=success');
    // shown in the form's fields, nowhere else: no link, no canonical or alternate URL
    const links = [...answers[0]!.body.matchAll(/(?:href|action|content)="([^"]*)"/g)].map((m) => m[1]);
    expect(links.filter((l) => l?.includes(marker))).toEqual([]);
    expect(logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs)).not.toContain(marker);
    const metrics = await logged.metrics.metrics();
    expect(metrics).not.toContain(marker);
  });

  it('shows no value a URL names: the page reads none from its query', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/feedback?status=failed&name=Aigerim&email=a%40example.org&message=Mine',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Aigerim');
    expect(fieldValue(res.body, 'message')).toBe('');
  });

  it('keeps the plain feedback page and its outcome shared', async () => {
    const res = await app.inject({ method: 'GET', url: '/feedback?status=success' });
    expect(res.headers['cache-control']).toMatch(/^public/);
  });
});

describe('rate limit', async () => {
  const limited = await startTestApp({ upstreamUrl: upstream.url, config: { FEEDBACK_RATE_LIMIT: 2 } });
  it('answers 429 past the per-IP limit, forwarding nothing more; a form post comes back with its values', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 2; i += 1)
      codes.push((await limited.app.inject({ method: 'POST', url: '/feedback', payload: valid })).statusCode);
    const form = { ...valid, feedback_type_id: '2', message: 'typed text' };
    const third = await limited.app.inject({
      method: 'POST',
      url: '/en/feedback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect([...codes, third.statusCode]).toEqual([200, 200, 429]);
    expect(posts()).toHaveLength(2);
    expect(third.headers.location).toBeUndefined();
    expect(third.headers['cache-control']).toBe('private, no-store');
    expect(fieldValue(third.body, 'message')).toBe('typed text');
  });
});
