import { describe, expect, it } from 'vitest';
import { latinKey } from '../../../content-api/transliterate.ts';

describe('latinKey', () => {
  it('folds the spellings transliteration systems disagree on', () => {
    expect(new Set(['Средний', 'Sredniy', 'Srednii', 'Srednij'].map(latinKey)).size).toBe(1);
    expect(new Set(['Акшийрак', 'Akshiirak', 'Akshyirak'].map(latinKey)).size).toBe(1);
    expect(latinKey('Хан-Тенгри')).toBe(latinKey('Khan-Tengri'));
    expect(latinKey('Щучинск')).toBe(latinKey('Shchuchinsk'));
    expect(latinKey('Жетысу')).toBe(latinKey('Zhetysu'));
    expect(latinKey('Фёдор')).toBe(latinKey('Fyodor'));
    expect(latinKey('Ельцин')).toBe(latinKey('Yeltsin'));
  });

  it('reads й as a letter of its own (not и with a breve), ё as е, and drops the accents of Latin letters', () => {
    expect(latinKey('Кайнды')).toBe(latinKey('Kayndy'));
    expect(latinKey('Кайнды')).not.toBe(latinKey('Каинды'));
    expect(latinKey('Ёлка')).toBe(latinKey('Елка'));
    expect(latinKey('Tüyuksu')).toBe(latinKey('tuyuksu'));
  });

  it('transliterates the letters of the region’s Kazakh, Kyrgyz and Tajik names', () => {
    expect(latinKey('Үңкүр')).toBe(latinKey('Unkur'));
    expect(latinKey('Қарқара')).toBe(latinKey('Karkara'));
    expect(latinKey('Ҳисор')).toBe(latinKey('Hisor'));
  });

  it('keeps words of other scripts and figures as they are', () => {
    expect(latinKey('2025')).toBe('2025');
    expect(latinKey('冰川')).toBe('冰川');
  });
});
