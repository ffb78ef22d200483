import { describe, expect, it } from 'vitest';
import { atFileEnd, runFileEnd } from '../../helpers/file-end.ts';

describe('teardown at the end of a test file', () => {
  it('runs what was asked, last asked first, and reports every failure after running the rest', async () => {
    const ran: string[] = [];
    atFileEnd(() => ran.push('first'));
    atFileEnd(() => {
      throw new Error('broken');
    });
    atFileEnd(async () => ran.push('last'));
    await expect(runFileEnd()).rejects.toThrow(AggregateError);
    expect(ran).toEqual(['last', 'first']);
    // nothing left for the file's own end
    await runFileEnd();
    expect(ran).toEqual(['last', 'first']);
  });
});
