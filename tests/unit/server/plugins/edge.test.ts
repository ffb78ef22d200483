import { describe, expect, it } from 'vitest';
import { trustsPeer } from '../../../../server/app.ts';
import { ConfigError, parseConfig } from '../../../../server/config.ts';
import { upstreamErrorStatus } from '../../../../server/errors.ts';
import { canonicalize, canonicalPath, hasDotSegment, isPlainPath } from '../../../../server/plugins/canonical-url.ts';
import { defaultAllowedHosts, isAllowedHost, malformedHeader } from '../../../../server/plugins/edge.ts';
import { submittedValues } from '../../../../server/routes/feedback.ts';
import { createBreaker } from '../../../../server/upstream/breaker.ts';
import { FeedbackSchema } from '../../../../shared/schemas/feedback.ts';

describe('canonicalize', () => {
  it.each([
    ['/', { kind: 'ok' }],
    ['/news?page=2', { kind: 'ok' }],
    ['/news/%D0%9F', { kind: 'ok' }],
    ['//news', { kind: 'redirect', location: '/news' }],
    ['/News/', { kind: 'redirect', location: '/news' }],
    ['/en/index?x=1', { kind: 'redirect', location: '/en?x=1' }],
    ['/%d0%9f/X', { kind: 'redirect', location: '/%d0%9f/x' }],
    ['/a/../b', { kind: 'reject', status: 404, reason: 'dot_segment' }],
    ['/a/%2E/b', { kind: 'reject', status: 404, reason: 'dot_segment' }],
    ['/\\evil', { kind: 'reject', status: 404, reason: 'dot_segment' }],
    ['/NEWS/_payload.json', { kind: 'reject', status: 404, reason: 'dot_segment' }],
    [`/${'x'.repeat(1100)}`, { kind: 'reject', status: 414, reason: 'uri_too_long' }],
    [`/?q=${'x'.repeat(9000)}`, { kind: 'reject', status: 414, reason: 'uri_too_long' }],
  ])('classifies %s as %j', (url, expected) => {
    expect(canonicalize(url)).toEqual(expected);
  });

  it('is a fixed point: a redirect target is canonical', () => {
    for (const url of ['//A//B/', '/en/News/INDEX', '/x/index.html/']) {
      const result = canonicalize(url);
      expect(result.kind).toBe('redirect');
      if (result.kind === 'redirect') expect(canonicalize(result.location)).toEqual({ kind: 'ok' });
    }
  });
});

describe('plain paths (the one-test fast path)', () => {
  // every path of up to three segments drawn from pieces that each rule acts on
  const pieces = ['', 'a', 'N', '.', '..', '%2e', '%2E.', '...', 'index', 'index.html', 'x\\y', '%D0%9F', 'b-c_d'];
  const paths = pieces.flatMap((a) =>
    ['', ...pieces.map((b) => `/${b}`)].flatMap((b) => ['', ...pieces.map((c) => `/${c}`)].map((c) => `/${a}${b}${c}`)),
  );

  it('takes only paths the rules leave as they are', () => {
    const plain = paths.filter(isPlainPath);
    for (const path of plain) {
      expect(hasDotSegment(path), path).toBe(false);
      expect(canonicalPath(path), path).toBe(path);
    }
    expect(plain.length).toBeGreaterThan(100);
  });

  it('takes the paths of real pages', () => {
    for (const path of ['/', '/en', '/news', '/en/news/east-zulmart-glacier-pamir', '/en/news/_payload.json'])
      expect(isPlainPath(path), path).toBe(true);
    for (const path of ['/en/', '/News', '//en', '/en/index', '/a/./b', '/a/%2e%2E', '/a\\b'])
      expect(isPlainPath(path), path).toBe(false);
  });
});

describe('headers and hosts', () => {
  it('finds a missing Host or one that cannot be a host', () => {
    expect(malformedHeader({ host: 'cryo.example.org:8080' })).toBeUndefined();
    expect(malformedHeader({})).toBe('host');
    expect(malformedHeader({ host: 'a b' })).toBe('host');
    expect(malformedHeader({ host: 'a@b' })).toBe('host');
  });

  it('never finds fault with a forwarded header other than the trusted forwarded host', () => {
    expect(malformedHeader({ host: '[::1]:3000', 'x-forwarded-for': 'unknown, _hidden' })).toBeUndefined();
    expect(malformedHeader({ host: 'ok', 'x-forwarded-proto': 'gopher', 'x-forwarded-host': 'a b' })).toBeUndefined();
  });

  it('finds a trusted forwarded host that cannot be a host', () => {
    // the host a trusted proxy forwarded, which is then the request's host
    expect(malformedHeader({ host: 'ok' }, 'a/b')).toBe('x-forwarded-host');
    expect(malformedHeader({ host: 'ok' }, 'portal.example')).toBeUndefined();
  });

  it('matches allowed hosts by name (any port) or by name:port', () => {
    expect(isAllowedHost('LOCALHOST:3000', ['localhost'])).toBe(true);
    expect(isAllowedHost('[::1]:3000', ['[::1]'])).toBe(true);
    expect(isAllowedHost('portal.example:8080', ['portal.example:443'])).toBe(false);
    expect(isAllowedHost('evil.example', ['localhost'])).toBe(false);
  });

  it('allows by default the address the server binds, or the local names when it binds 0.0.0.0', () => {
    expect(defaultAllowedHosts('0.0.0.0')).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(defaultAllowedHosts('10.0.0.5')[0]).toBe('10.0.0.5');
  });
});

describe('configuration', () => {
  it('parses TRUST_PROXY as off or a list of addresses, CIDRs and named ranges', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(parseConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).TRUST_PROXY).toEqual(['loopback', 'uniquelocal']);
    expect(() => parseConfig({ TRUST_PROXY: 'everyone' })).toThrow(ConfigError);
  });

  it('refuses a hop count and true, which trust any peer, saying what to write instead', () => {
    for (const value of ['1', '2', 'true'])
      expect(() => parseConfig({ TRUST_PROXY: value }), value).toThrow(
        /name the proxies by address instead, e\.g\. TRUST_PROXY=127\.0\.0\.1[^]*at TRUST_PROXY/,
      );
  });

  it('reads ALLOWED_HOSTS as a list of lower-case hosts', () => {
    expect(parseConfig({ ALLOWED_HOSTS: 'A.example, b.example:8080' }).ALLOWED_HOSTS).toEqual([
      'a.example',
      'b.example:8080',
    ]);
  });

  it('has the documented edge defaults: 8 MiB upstream bodies, no metrics port', () => {
    expect(parseConfig({}).UPSTREAM_MAX_BYTES).toBe(8 * 1024 * 1024);
    expect(parseConfig({}).METRICS_PORT).toBeUndefined();
  });

  it('trusts a peer by its address only', () => {
    const trusted = trustsPeer(['10.0.0.0/8', '::1']);
    expect(['10.1.2.3', '::1', '203.0.113.9', '127.0.0.1', undefined].map(trusted)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(trustsPeer(false)('127.0.0.1')).toBe(false);
  });
});

describe('upstream failures → status', () => {
  it('answers each kind of upstream failure with its gateway status (504 time-out, 503 outage, 502 unusable body)', () => {
    expect(upstreamErrorStatus('BFF_ERR_UPSTREAM_TIMEOUT')).toBe(504);
    expect(upstreamErrorStatus('BFF_ERR_UPSTREAM_UNAVAILABLE')).toBe(503);
    expect(upstreamErrorStatus('BFF_ERR_UPSTREAM_CIRCUIT_OPEN')).toBe(503);
    expect(upstreamErrorStatus('BFF_ERR_UPSTREAM_STATUS', 503)).toBe(503);
    expect(upstreamErrorStatus('BFF_ERR_UPSTREAM_STATUS', 404)).toBe(502);
    expect(upstreamErrorStatus('BFF_ERR_UPSTREAM_SCHEMA')).toBe(502);
    expect(upstreamErrorStatus('BFF_ERR_UPSTREAM_TOO_LARGE')).toBe(502);
  });
});

describe('circuit breaker', () => {
  it('cycles open at the threshold, half-open with one probe after the open time, closed on a probe’s success', () => {
    let t = 0;
    const states: string[] = [];
    const breaker = createBreaker({ threshold: 2, openMs: 1000, now: () => t, onStateChange: (s) => states.push(s) });
    expect(breaker.tryAcquire()).toBe(true);
    breaker.failure();
    expect(breaker.snapshot().state).toBe('closed');
    breaker.failure();
    expect(breaker.snapshot()).toMatchObject({ state: 'open', retryAfterSeconds: 1 });
    expect(breaker.tryAcquire()).toBe(false);
    t = 1000;
    expect(breaker.snapshot().state).toBe('half-open');
    expect(breaker.tryAcquire()).toBe(true);
    // one probe at a time
    expect(breaker.tryAcquire()).toBe(false);
    breaker.failure();
    expect(breaker.snapshot().state).toBe('open');
    t = 2000;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.success();
    expect(breaker.snapshot()).toMatchObject({ state: 'closed', failures: 0, opened: 2, rejected: 2 });
    expect(states).toEqual(['open', 'half-open', 'open', 'half-open', 'closed']);
  });

  it('counts consecutive failures only', () => {
    const breaker = createBreaker({ threshold: 2, openMs: 1000, now: () => 0 });
    breaker.failure();
    breaker.success();
    breaker.failure();
    expect(breaker.snapshot().state).toBe('closed');
  });
});

describe('feedback', () => {
  const base = { name: 'A', email: 'a@example.org', message: 'm' };

  it('reads the topic from a number’s text only, never from true or an array', () => {
    expect(FeedbackSchema.safeParse({ ...base, feedback_type_id: '3' }).data?.feedback_type_id).toBe(3);
    expect(FeedbackSchema.safeParse({ ...base, feedback_type_id: true }).success).toBe(false);
    expect(FeedbackSchema.safeParse({ ...base, feedback_type_id: [2] }).success).toBe(false);
  });

  it('refuses CR/LF in the name', () => {
    expect(FeedbackSchema.safeParse({ ...base, feedback_type_id: 1, name: 'a\rb' }).success).toBe(false);
  });

  it('keeps every value the visitor sent, whole, for the form to show again', () => {
    expect(submittedValues({ name: 'A B', email: 'x', feedback_type_id: 2, message: 'hi', extra: 'no' })).toEqual({
      name: 'A B',
      email: 'x',
      feedback_type_id: '2',
      message: 'hi',
    });
    expect(submittedValues({ name: 'A', message: 'я'.repeat(6000) }).message).toHaveLength(6000);
  });

  it('says a message over the limit is too long', () => {
    const res = FeedbackSchema.safeParse({ ...base, feedback_type_id: 1, message: 'я'.repeat(5001) });
    expect(res.error?.issues.map((i) => i.message)).toEqual(['form.errors.tooLong']);
  });
});
