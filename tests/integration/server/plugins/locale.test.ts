import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../helpers/app.ts';

const { get } = await startTestApp();

describe('locale resolution', () => {
  it('redirects / to the cookie locale (302) and keeps the query', async () => {
    const res = await get('/?utm=x', { cookie: 'i18n_redirected=en', 'accept-language': 'ru' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en?utm=x');
  });

  it('without a cookie, redirects / to the best Accept-Language match', async () => {
    const res = await get('/', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8,ru;q=0.5' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en');
  });

  it('without a cookie or a supported language, serves / in Russian', async () => {
    const none = await get('/');
    expect(none.statusCode).toBe(200);
    const german = await get('/', { 'accept-language': 'de' });
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain('<html lang="ru">');
  });

  it('ignores a cookie value outside the allowlist: Accept-Language decides', async () => {
    const ru = await get('/', { cookie: 'i18n_redirected=fr', 'accept-language': 'ru' });
    expect(ru.statusCode).toBe(200);
    const en = await get('/', { cookie: 'i18n_redirected=xx', 'accept-language': 'en' });
    expect(en.statusCode).toBe(302);
    expect(en.headers.location).toBe('/en');
  });

  it('serves deep links in the locale of their path, never redirecting', async () => {
    const ru = await get('/news', { cookie: 'i18n_redirected=en', 'accept-language': 'en' });
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toContain('<html lang="ru">');
    const en = await get('/en/news', { cookie: 'i18n_redirected=ru', 'accept-language': 'ru' });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<html lang="en">');
  });

  it('links the language switcher to the same page in the other locale, query kept', async () => {
    const res = await get('/en/news?page=2');
    expect(res.body).toMatch(/<a href="\/news\?page=2" hrefLang="ru"/);
    expect(res.body).toMatch(/<a href="\/en\/news\?page=2" hrefLang="en" lang="en" aria-current="true"/);
  });
});
