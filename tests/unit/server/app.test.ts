import { describe, expect, it } from 'vitest';
import { trustsPeer } from '../../../server/app.ts';

describe('trustsPeer', () => {
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
