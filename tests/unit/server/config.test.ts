import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../server/config.ts';

describe('parseConfig', () => {
  it('has the documented defaults', () => {
    expect(parseConfig({})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      UPSTREAM_URL: undefined,
      UPSTREAM_TIMEOUT_MS: 8000,
      CACHE_TTL_MS: 3_600_000,
      CACHE_MAX_BYTES: 64 * 1024 * 1024,
      LOG_LEVEL: 'info',
      PUBLIC_ORIGIN: undefined,
      FEEDBACK_RATE_LIMIT: 5,
      SHARE_IMAGE_RATE_LIMIT: 60,
      BUILD_CHECK_INTERVAL_MS: 3_600_000,
      MAPS_API_KEY: undefined,
      MAPS_SCRIPT_URL: 'https://api-maps.yandex.ru/2.1/',
      DATA_DIR: 'data',
      REDIS_URL: undefined,
      SERVICE_WORKER: 'on',
      REDIS_TIMEOUT_MS: 250,
      TRUST_PROXY: false,
      ALLOWED_HOSTS: [],
      METRICS_PORT: undefined,
      SERVER_TIMING: true,
      VITALS_RATE_LIMIT: 30,
      METRICS_HOST: '127.0.0.1',
      UPSTREAM_MAX_BYTES: 8 * 1024 * 1024,
      UPSTREAM_BREAKER_THRESHOLD: 5,
      UPSTREAM_BREAKER_OPEN_SECONDS: 10,
      PAGE_CACHE_TTL_MS: 60_000,
      PAGE_CACHE_MAX_BYTES: 64 * 1024 * 1024,
      PURGE_TOKEN: undefined,
      PURGE_RATE_LIMIT: 120,
      PURGE_TIER_URLS: [],
      PURGE_TIER_TIMEOUT_MS: 2000,
    });
  });

  it('refuses WORKERS other than 1: more processes are replicas, each with its own /metrics (ADR 0051)', () => {
    for (const value of ['2', '0', '4'])
      expect(() => parseConfig({ WORKERS: value }), value).toThrow(/WORKERS is gone[^]*run more replicas/);
    expect(() => parseConfig({ WORKERS: '1' })).not.toThrow();
  });

  it('takes a PURGE_TOKEN of 16 characters or more only', () => {
    expect(parseConfig({ PURGE_TOKEN: 'a-token-of-16-ch' }).PURGE_TOKEN).toBe('a-token-of-16-ch');
    expect(() => parseConfig({ PURGE_TOKEN: 'short' })).toThrow(/PURGE_TOKEN/);
  });

  it('treats an empty PURGE_TOKEN as none', () => {
    expect(parseConfig({ PURGE_TOKEN: '' }).PURGE_TOKEN).toBeUndefined();
  });

  it('treats a blank MAPS_API_KEY as none and takes an http(s) MAPS_SCRIPT_URL only (the Yandex loader trusts both)', () => {
    expect(parseConfig({ MAPS_API_KEY: '   ' }).MAPS_API_KEY).toBeUndefined();
    expect(parseConfig({ MAPS_API_KEY: ' key ' }).MAPS_API_KEY).toBe('key');
    expect(() => parseConfig({ MAPS_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(/MAPS_SCRIPT_URL/);
  });

  it('takes a REDIS_URL of the redis:// scheme only', () => {
    expect(parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).REDIS_URL).toBe('redis://127.0.0.1:6379/0');
    expect(() => parseConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });

  it('reads numbers from their text', () => {
    const config = parseConfig({ PORT: '8080', CACHE_TTL_MS: '1000' });
    expect(config.PORT).toBe(8080);
    expect(config.CACHE_TTL_MS).toBe(1000);
    // a page cache TTL of 0 turns the page cache off
    expect(parseConfig({ PAGE_CACHE_TTL_MS: '0' }).PAGE_CACHE_TTL_MS).toBe(0);
  });

  it('keeps a valid UPSTREAM_URL as written', () => {
    expect(parseConfig({ UPSTREAM_URL: 'https://api.example.org/cms' }).UPSTREAM_URL).toBe(
      'https://api.example.org/cms',
    );
  });

  it('treats an empty UPSTREAM_URL as unset (embedded content API)', () => {
    expect(parseConfig({ UPSTREAM_URL: '' }).UPSTREAM_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['UPSTREAM_URL', 'not a url'],
    ['UPSTREAM_URL', 'ftp://example.org'],
    ['LOG_LEVEL', 'loud'],
    ['CACHE_MAX_BYTES', '-5'],
    ['UPSTREAM_TIMEOUT_MS', '0'],
    ['PUBLIC_ORIGIN', 'example.org'],
    ['PAGE_CACHE_TTL_MS', '-1'],
    // a tiny bound
    ['PAGE_CACHE_MAX_BYTES', '10'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(name);
  });
});

describe('proxies and hosts', () => {
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
});
