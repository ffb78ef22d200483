import { describe, expect, it } from 'vitest';
import { formatted, seedFormats, setFormatRecorder } from '../../../../shared/i18n/format-seed.ts';

// keys no real format makes, so the seeds of these tests never stand in for another test's dates
const key = (name: string) => `format-seed-test ${name}`;

describe('the seed of formatted text', () => {
  it('answers a seeded key with the text the document had, without formatting it', () => {
    seedFormats(JSON.stringify({ [key('seeded')]: '14 июля 2025 г.' }));
    expect(
      formatted(key('seeded'), () => {
        throw new Error('formatted again');
      }),
    ).toBe('14 июля 2025 г.');
  });

  it('formats what the seed does not hold, and records it where the server asked', () => {
    const record = new Map<string, string>();
    const before = setFormatRecorder((k, text) => record.set(k, text));
    try {
      expect(formatted(key('new'), () => '−1 367')).toBe('−1 367');
    } finally {
      setFormatRecorder(before);
    }
    expect([...record]).toEqual([[key('new'), '−1 367']]);
  });

  it('leaves out a seed that does not parse and any value that is not text', () => {
    seedFormats('{not json');
    seedFormats(JSON.stringify({ [key('number')]: 42, [key('text')]: '42' }));
    expect(formatted(key('number'), () => 'formatted')).toBe('formatted');
    expect(formatted(key('text'), () => 'formatted')).toBe('42');
  });
});
