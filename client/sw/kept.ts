import { OFFLINE_LIST_ID } from '../../shared/offline.ts';

/** A page kept on the device, as the offline page lists it. */
export interface KeptPage {
  /** path and query, same origin */
  href: string;
  title: string;
}

/** The response header a kept document carries its title in (read once, when it is stored). */
export const TITLE_HEADER = 'x-portal-title';

/** A 200 answer of the expected type that shared caches may keep: never an error page, `no-store` or `private`. */
export const keepable = (response: Response, type: RegExp) =>
  response.status === 200 &&
  !/no-store|private/i.test(response.headers.get('cache-control') ?? '') &&
  type.test(response.headers.get('content-type') ?? '');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The text of a document's `<title>`, entities left as they are (they are HTML again where shown). */
export function documentTitle(html: string): string | undefined {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  return match?.[1]?.trim() || undefined;
}

const LIST = new RegExp(`(<ul\\b[^>]*\\bid="${OFFLINE_LIST_ID}"[^>]*>)[\\s\\S]*?(</ul>)`);

/**
 * The offline page's HTML with its list of kept pages filled in; unchanged (its "nothing kept yet" item stays) when
 * there are none. Titles are stored HTML-escaped already (taken from the documents' `<title>`), hrefs are escaped here.
 */
export function fillOfflineList(html: string, pages: readonly KeptPage[]): string {
  if (pages.length === 0) return html;
  const items = pages
    .map(({ href, title }) => `<li><a href="${escapeHtml(href)}">${title || escapeHtml(href)}</a></li>`)
    .join('');
  return html.replace(LIST, (_all, open: string, close: string) => `${open}${items}${close}`);
}
