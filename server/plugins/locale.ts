import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale } from '../../shared/constants.ts';
import {
  isLocale,
  localeFromPath,
  LOCALE_INFO,
  matchAcceptLanguage,
  ROOT_LANGUAGE_ALIASES,
} from '../../shared/locales.ts';
import { CachePolicy } from '../cache-policies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** locale of the request's path: ru without prefix, en under /en */
    locale: Locale;
  }
}

/**
 * The rule (SPEC §1, §9; DESIGN §2), as Nuxt i18n's `redirectOn: 'root'`:
 * - every path is served in the locale of its prefix (deep links are never redirected);
 * - at `/` only: a valid locale cookie wins, else the best Accept-Language match, else ru; Kyrgyz, Kazakh, Tajik,
 *   Uzbek and Turkmen (any regional form) match Russian at their own rank, `*` the default (ADR 0130); when that
 *   locale is not ru, answer 302 to its root (query kept), private. `/` therefore varies on both headers; the Russian
 *   page itself is the same for every visitor who gets it, so it is cached as any page (keyed by the resolved locale).
 * The cookie is written by the language switcher (client) when the visitor chooses a language.
 */
/** What the answer at `/` depends on: a shared cache keeps one copy per value of both. */
const ROOT_VARY = 'Cookie, Accept-Language';

function rootLocale(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  if (isLocale(cookie)) return cookie;
  return matchAcceptLanguage(acceptLanguage, ROOT_LANGUAGE_ALIASES) ?? DEFAULT_LOCALE;
}

export default fp(
  async (app) => {
    app.decorateRequest('locale', DEFAULT_LOCALE);
    // a callback hook (no promise per request); the redirect ends the chain, so done is not called after it
    app.addHook('onRequest', (request, reply, done) => {
      const [pathname = '/', query] = request.url.split('?', 2);
      request.locale = localeFromPath(pathname);
      if (pathname !== '/' || (request.method !== 'GET' && request.method !== 'HEAD')) return done();
      reply.header('vary', ROOT_VARY);
      const preferred = rootLocale(request.cookies[LOCALE_COOKIE], request.headers['accept-language']);
      if (preferred === request.locale) return done();
      const target = (LOCALE_INFO[preferred].basename || '/') + (query ? `?${query}` : '');
      reply.header('cache-control', CachePolicy.none).redirect(target, 302);
    });
  },
  { name: 'locale', dependencies: ['@fastify/cookie'] },
);
