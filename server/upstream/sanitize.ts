import sanitizeHtml from 'sanitize-html';
import type { CallName } from '../../shared/api/calls.ts';
import type { Locale } from '../../shared/constants.ts';
import { localeFromPath, localizePath, stripLocale } from '../../shared/locales.ts';
import { isAbsoluteUrl, matchRouteRule, routeRules } from '../../shared/router/route-rules.ts';

/** Fields that carry CMS rich text (HTML) in any upstream response. */
const RICH_TEXT_FIELDS = new Set(['body', 'content']);

/**
 * Allowlist for CMS rich text: structure, emphasis, links, images and tables, and `span lang` for a passage in another
 * language (an English title in Russian prose). No scripts, event handlers, inline styles, or URLs other than
 * http(s), mailto and tel (so no `javascript:`).
 */
const BASE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'code',
    'pre',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    span: ['lang'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
};

/**
 * An internal link as the reader of `locale` must follow it: editors write site paths without the locale prefix
 * (`/glacier-map`), which would send English readers to the Russian page; a path that already names a locale is kept.
 */
export function localizeHref(href: string, locale: Locale): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const cut = href.search(/[?#]/);
  const [path, rest] = cut < 0 ? [href, ''] : [href.slice(0, cut), href.slice(cut)];
  if (localeFromPath(path) !== 'ru' || locale === 'ru') return href;
  return localizePath(path, locale) + rest;
}

/**
 * A site path that a route rule sends off the site (`/wgms` → https://wgms.ch/) as the address it leaves for, so the
 * link is written, and marked, as the external link it is; any other href as it is.
 */
export function offSiteHref(href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const path = href.split(/[?#]/)[0] ?? href;
  const to = matchRouteRule(routeRules, stripLocale(path))?.redirect?.to;
  return to && isAbsoluteUrl(to) ? to : href;
}

function optionsOf(locale: Locale): sanitizeHtml.IOptions {
  return {
    ...BASE_OPTIONS,
    transformTags: {
      a: (tagName, attribs) => {
        const href = offSiteHref(attribs.href ?? '');
        // links out of the site open in a new tab without handing it our window
        if (/^https?:\/\//i.test(href))
          return { tagName, attribs: { ...attribs, href, target: '_blank', rel: 'noopener noreferrer' } };
        return { tagName, attribs: href ? { ...attribs, href: localizeHref(href, locale) } : attribs };
      },
    },
  };
}
const optionsFor: Record<Locale, sanitizeHtml.IOptions> = { ru: optionsOf('ru'), en: optionsOf('en') };

export const sanitizeRichText = (html: string, locale: Locale = 'ru'): string => sanitizeHtml(html, optionsFor[locale]);

/** Sanitize every rich-text field of a parsed response (internal links in the reader's locale), once, at cache fill. */
export function prepareResponse(_name: CallName, data: unknown, locale: Locale = 'ru'): unknown {
  return walk(data, locale);
}

function walk(value: unknown, locale: Locale): unknown {
  if (Array.isArray(value)) return value.map((item) => walk(item, locale));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      out[key] =
        RICH_TEXT_FIELDS.has(key) && typeof field === 'string' ? sanitizeRichText(field, locale) : walk(field, locale);
    }
    return out;
  }
  return value;
}
