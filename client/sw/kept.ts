import { LOCALES } from '../../shared/constants.ts';
import { decodeHtmlText, escapeHtml } from '../../shared/html-text.ts';
import { LOCALE_INFO, localizePath, stripLocale } from '../../shared/locales.ts';
import { OFFLINE_LIST_ID, OFFLINE_PATH } from '../../shared/offline.ts';
import { escapeRegExp } from '../../shared/reg-exp.ts';

/** A page kept on the device, as the offline page lists it. */
export interface KeptPage {
  /** path and query, same origin */
  href: string;
  title: string;
}

/** The response header a kept document carries its title in (read once, when it is stored). */
export const TITLE_HEADER = 'x-portal-title';

/**
 * A 200 answer of the expected type that shared caches may keep: never an error page, `no-store` or `private`, nor
 * one reached through a redirect (it could not answer the URL it is kept for).
 */
export const keepable = (response: Response, type: RegExp) =>
  response.status === 200 &&
  !response.redirected &&
  !/no-store|private/i.test(response.headers.get('cache-control') ?? '') &&
  type.test(response.headers.get('content-type') ?? '');

/**
 * The answer rebuilt with this body and our own headers: its length and encoding were those of the network's bytes,
 * and a title header it came with is not ours.
 */
export function withBody(response: Response, body: BodyInit, extra: Record<string, string> = {}): Response {
  const headers = new Headers(response.headers);
  for (const name of ['content-length', 'content-encoding', TITLE_HEADER]) headers.delete(name);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** An answer as it is kept: a document with its title (the offline page lists it), anything else as it came. */
export async function asKept(response: Response): Promise<Response> {
  if (!/text\/html/.test(response.headers.get('content-type') ?? '')) return response;
  const html = await response.text();
  const title = documentTitle(html);
  return withBody(response, html, title ? { [TITLE_HEADER]: encodeURIComponent(title) } : {});
}

/** The text of a document's `<title>`, its character references read (React writes `&amp;`, `&#x27;` and the like). */
export function documentTitle(html: string): string | undefined {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  const text = match?.[1] === undefined ? undefined : decodeHtmlText(match[1]).trim();
  return text || undefined;
}

const LIST = new RegExp(`(<ul\\b[^>]*\\bid="${OFFLINE_LIST_ID}"[^>]*>)[\\s\\S]*?(</ul>)`);

/**
 * The offline page's HTML with its list of kept pages filled in; unchanged (its "nothing kept yet" item stays) when
 * there are none. Titles (text) and hrefs are escaped here.
 */
export function fillOfflineList(html: string, pages: readonly KeptPage[]): string {
  if (pages.length === 0) return html;
  const items = pages
    .map(({ href, title }) => `<li><a href="${escapeHtml(href)}">${escapeHtml(title || href)}</a></li>`)
    .join('');
  return html.replace(LIST, (_all, open: string, close: string) => `${open}${items}${close}`);
}

/**
 * The offline page as the answer to `asked` (any page of the site the reader opened without a connection): its links
 * to itself — the language switcher, the canonical and alternate URLs — point to the page that was asked for, in each
 * language, so switching language or trying again asks for that page, not for `/offline`.
 */
export function pointAt(html: string, asked: URL): string {
  const path = stripLocale(asked.pathname);
  let out = html;
  for (const locale of LOCALES) {
    const own = `${LOCALE_INFO[locale].basename}${OFFLINE_PATH}`;
    const target = escapeHtml(localizePath(path, locale) + asked.search);
    const self = new RegExp(`(href|content)="(${escapeRegExp(asked.origin)})?${escapeRegExp(own)}"`, 'g');
    out = out.replace(self, (_all, attr: string, origin: string | undefined) => `${attr}="${origin ?? ''}${target}"`);
  }
  return out;
}
