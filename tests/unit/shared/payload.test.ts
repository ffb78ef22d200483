import { describe, expect, it } from 'vitest';
import { pageOfPayload, payloadUrl } from '../../../shared/payload.ts';
import { scriptSafeJson } from '../../../shared/serialize.ts';
import { toSearch } from '../../../server/upstream/query.ts';

describe('payload URLs', () => {
  it('puts the build id first and keeps the page query', () => {
    expect(payloadUrl('/news', '?page=2', 'abc123')).toBe('/news/_payload.json?abc123&page=2');
    expect(payloadUrl('/', '', 'abc123')).toBe('/_payload.json?abc123');
    expect(payloadUrl('/en/', '', 'abc123')).toBe('/en/_payload.json?abc123');
  });

  it('maps a payload URL back to its page, dropping the build id', () => {
    expect(pageOfPayload('/news/_payload.json', '?abc123&page=2', 'abc123')).toEqual({
      pathname: '/news',
      search: '?page=2',
    });
    expect(pageOfPayload('/_payload.json', '?abc123', 'abc123')).toEqual({ pathname: '/', search: '' });
    expect(pageOfPayload('/news', '', 'abc123')).toBeUndefined();
  });
});

describe('serialization', () => {
  it('escapes what could end or confuse an inline script', () => {
    const json = scriptSafeJson({ s: '</script><!-- \u2028 \u2029 >' });
    expect(json).not.toMatch(/[<>\u2028\u2029]|\//);
    expect(JSON.parse(json)).toEqual({ s: '</script><!-- \u2028 \u2029 >' });
  });

  it('writes the query entries that have a value, sorted by key', () => {
    expect(toSearch({ b: 2, a: 'x y', c: null, d: undefined })).toBe('?a=x+y&b=2');
    expect(toSearch({})).toBe('');
  });
});
