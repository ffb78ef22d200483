import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedContentApi, startTestApp } from '../../../helpers/app.ts';
import { forwardTo, json, startFakeUpstream } from '../../../helpers/fake-upstream.ts';

const content = await sharedContentApi();
const upstream = await startFakeUpstream(forwardTo(content.url));
afterAll(() => upstream.close());
const { app } = await startTestApp({ upstreamUrl: upstream.url, config: { FEEDBACK_RATE_LIMIT: 1000 } });

const valid = {
  name: 'Айгерим',
  email: 'aigerim@example.org',
  feedback_type_id: 2,
  message: 'Хотим получить данные по леднику Туюксу.',
};
const posts = () => upstream.requests.filter((r) => r.method === 'POST');

beforeEach(() => {
  upstream.handler = forwardTo(content.url);
  upstream.reset();
});

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
      payload: { ...valid, message: 'x'.repeat(40_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(posts()).toHaveLength(0);
  });

  it('answers failed when the upstream refuses the submission (422)', async () => {
    upstream.handler = (req, res) =>
      req.method === 'POST' ? json(res, 422, { message: 'no' }) : forwardTo(content.url)(req, res);
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

  it('works without JavaScript: a form post is answered with 303 to the result page of its locale', async () => {
    const form = new URLSearchParams({
      ...valid,
      feedback_type_id: String(valid.feedback_type_id),
      locale: 'en',
    }).toString();
    const res = await app.inject({
      method: 'POST',
      url: '/feedback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/en/feedback?status=success');
  });

  it('works without JavaScript: an invalid form post is sent back with its values', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/feedback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=&email=x',
    });
    // the visitor's values come back with the answer, so the page can refill the form
    expect(bad.headers.location).toBe('/feedback?status=invalid&name=&email=x');
  });

  it("keeps the page refilled with a visitor's values out of every cache (private, never stored)", async () => {
    const url = '/feedback?status=failed&name=Aigerim&email=a%40example.org&message=Mine';
    const first = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Aigerim');
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers['x-accel-expires']).toBeUndefined();
    expect(first.headers['surrogate-key']).toBeUndefined();
    // rendered again for the next request: the page cache did not keep it
    const again = await app.inject({ method: 'GET', url });
    expect(again.headers['x-cache']).not.toBe('hit');
    expect(again.headers['cache-control']).toBe('private, no-store');
  });

  it("keeps the payload of that page out of every cache too (a client navigation's)", async () => {
    const build = (await app.inject({ method: 'GET', url: '/builds/latest.json' })).json<{ id: string }>().id;
    const url = `/feedback/_payload.json?${build}&status=failed&name=Aigerim&email=a%40example.org&message=Mine`;
    const first = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Aigerim');
    expect(first.headers['cache-control']).toBe('private, no-store');
    const again = await app.inject({ method: 'GET', url });
    expect(again.headers['x-cache']).not.toBe('hit');
    expect(again.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps the plain feedback page and its outcome shared', async () => {
    const res = await app.inject({ method: 'GET', url: '/feedback?status=success' });
    expect(res.headers['cache-control']).toMatch(/^public/);
  });
});

describe('rate limit', async () => {
  const limited = await startTestApp({ upstreamUrl: upstream.url, config: { FEEDBACK_RATE_LIMIT: 2 } });
  it('answers 429 past the per-IP limit, forwarding nothing more', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1)
      codes.push((await limited.app.inject({ method: 'POST', url: '/feedback', payload: valid })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    expect(posts()).toHaveLength(2);
  });
});
