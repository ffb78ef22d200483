import { describe, expect, it } from 'vitest';
import { localeFromPath, localizePath, matchAcceptLanguage, stripLocale } from '../../../shared/locales.ts';

describe('locales', () => {
  it('reads the locale from the path prefix', () => {
    expect(localeFromPath('/')).toBe('ru');
    expect(localeFromPath('/news')).toBe('ru');
    expect(localeFromPath('/en')).toBe('en');
    expect(localeFromPath('/en/news')).toBe('en');
    expect(localeFromPath('/english')).toBe('ru');
  });

  it('maps a path to the other locale', () => {
    expect(localizePath('/en/news/a', 'ru')).toBe('/news/a');
    expect(localizePath('/news/a', 'en')).toBe('/en/news/a');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/en', 'ru')).toBe('/');
    expect(stripLocale('/en')).toBe('/');
  });

  it('picks the best supported Accept-Language by quality', () => {
    expect(matchAcceptLanguage('en-US,en;q=0.9,ru;q=0.8')).toBe('en');
    expect(matchAcceptLanguage('de;q=1, ru;q=0.5, en;q=0.7')).toBe('en');
    expect(matchAcceptLanguage('kk-KZ, ru-RU;q=0.8')).toBe('ru');
    expect(matchAcceptLanguage('fr, de')).toBeUndefined();
    expect(matchAcceptLanguage('en;q=0, ru;q=0.1')).toBe('ru');
    expect(matchAcceptLanguage(undefined)).toBeUndefined();
  });

  it("reads Accept-Language without the region's aliases, as the content API does (ADR 0130)", () => {
    // the content API reads Accept-Language without the aliases: only ru and en count there
    expect(matchAcceptLanguage('uz, en')).toBe('en');
    expect(matchAcceptLanguage('*')).toBeUndefined();
  });
});
