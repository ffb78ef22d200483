import { describe, expect, it } from 'vitest';
import { highlight, normalizeTerm, plainText } from '../../../content-api/search-index.ts';

describe('search terms', () => {
  it('brings Russian and English word forms, whatever their case or ё, to one term', () => {
    expect(normalizeTerm('Ледники')).toBe(normalizeTerm('ледника'));
    expect(normalizeTerm('учёные')).toBe(normalizeTerm('ученые'));
    expect(normalizeTerm('Glaciers')).toBe(normalizeTerm('glacier'));
    expect(normalizeTerm('monitoring')).toBe(normalizeTerm('monitored'));
  });

  it('strips markup from rich text', () => {
    expect(plainText('<p>Ice &amp; <strong>snow</strong></p>')).toBe('Ice & snow');
  });

  it('highlights every word of the excerpt whose term matched, escaping the rest', () => {
    const text = 'The <b> glaciers of the Tien Shan: a glacier loses mass';
    const out = highlight(text, new Set([normalizeTerm('glacier')]));
    expect(out).toBe('The &#60;b&#62; <mark>glaciers</mark> of the Tien Shan: a <mark>glacier</mark> loses mass');
  });

  it('centres a long text on the first match', () => {
    const text = `${'snow '.repeat(100)}glacier ${'ice '.repeat(100)}`;
    const out = highlight(text, new Set([normalizeTerm('glacier')]), 100);
    expect(out.startsWith('… ')).toBe(true);
    expect(out).toContain('<mark>glacier</mark>');
    expect(out.endsWith(' …')).toBe(true);
  });
});
