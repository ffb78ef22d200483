import { describe, expect, it } from 'vitest';
import { defaultAllowedHosts, isAllowedHost, malformedHeader } from '../../../../server/plugins/edge.ts';

describe('headers and hosts', () => {
  it('finds a missing Host or one that cannot be a host', () => {
    expect(malformedHeader({ host: 'cryo.example.org:8080' })).toBeUndefined();
    expect(malformedHeader({})).toBe('host');
    expect(malformedHeader({ host: 'a b' })).toBe('host');
    expect(malformedHeader({ host: 'a@b' })).toBe('host');
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
