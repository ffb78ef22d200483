import {
  IMAGE_BREAKPOINTS,
  IMAGE_DENSITIES,
  IMAGE_ENDPOINT,
  IMAGE_WIDTHS,
  SHARE_IMAGE_PREFIX,
  type ImageOutputFormat,
  type Locale,
} from './constants.ts';

/**
 * URLs of the image endpoint. A source is `media/{file}` (the upstream's media, proxied under /media/) or
 * `site/{file}` (a file of public/); nothing else is accepted, so no URL of the outside world can be fetched.
 */
export function imageSource(url: string): string | null {
  const media = /^\/media\/([a-z0-9][a-z0-9._-]{0,200}\.(?:svg|png|jpe?g|webp|avif|gif))$/i.exec(url);
  if (media && !url.includes('..')) return `media/${media[1]}`;
  const site = /^\/([a-z0-9][a-z0-9._-]{0,100}\.(?:svg|png|jpe?g|webp))$/i.exec(url);
  if (site && !url.includes('..')) return `site/${site[1]}`;
  return null;
}

/** The endpoint URL of one rendition: `/_img/w_640,f_auto/media/news-1.jpg`. */
export function imageUrl(source: string, width: number, format: ImageOutputFormat = 'auto'): string {
  return `${IMAGE_ENDPOINT}/w_${width},f_${format}/${source}`;
}

const LARGEST_WIDTH = Math.max(...IMAGE_WIDTHS);

/** The nearest rendered width at or above `width` (the largest one if none is). */
export function snapWidth(width: number): number {
  return IMAGE_WIDTHS.find((w) => w >= width) ?? LARGEST_WIDTH;
}

/**
 * `srcset` of width descriptors for an image shown at most `maxWidth` CSS pixels wide: from its smallest breakpoint
 * at 1x to its widest at 2x, every width the endpoint renders, so the browser finds one close above layout width ×
 * DPR. Breakpoints × densities alone left gaps: a card (480 px at most) had 320, 640 and 1280, and a phone 412 px
 * wide at DPR 1.75 (721 px) or 2 (824 px) took 1280 where 768 or 1024 covers it.
 */
export function imageSrcSet(source: string, maxWidth: number): string {
  return srcSetWidths(maxWidth)
    .map((w) => `${imageUrl(source, w)} ${w}w`)
    .join(', ');
}

/** The widths of `imageSrcSet` for an image shown at most `maxWidth` CSS pixels wide, ascending. */
export function srcSetWidths(maxWidth: number): number[] {
  const bps = Object.values(IMAGE_BREAKPOINTS).filter((w) => w < maxWidth);
  const candidates = [...bps, snapWidth(maxWidth)].flatMap((w) => IMAGE_DENSITIES.map((d) => snapWidth(w * d)));
  const low = Math.min(...candidates);
  const high = Math.max(...candidates);
  return IMAGE_WIDTHS.filter((w) => w >= low && w <= high);
}

/**
 * The share image of a page, relative to the origin (what og:image and twitter:image point at), named by the page it
 * shows: its locale, its locale-free path (`index` for home) and the list page past the first, e.g.
 * `/_og/en/news/some-slug.png`, `/_og/ru/index.png`, `/_og/ru/news.png?page=2`. The server draws the title that page
 * itself shows (server/routes/share-images.ts); no URL can carry a text of its own.
 */
export function shareImagePath(locale: Locale, path: string, page?: string | null): string {
  const name = path === '/' || path === '' ? '/index' : path.replace(/\/+$/, '');
  const query = page && /^[1-9][0-9]{0,5}$/.test(page) && page !== '1' ? `?page=${page}` : '';
  return `${SHARE_IMAGE_PREFIX}/${locale}${name}.png${query}`;
}
