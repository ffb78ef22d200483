/** Business constants of SPEC.md §9, in one place. */

export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';

/** The cookie name the original site used, so returning visitors keep their choice. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** setTimeout and cookie lifetimes are clamped to this (2^31 - 1 ms). */
export const MAX_TIMER_MS = 2147483647;
export const clampTimer = (ms: number): number => Math.max(0, Math.min(ms, MAX_TIMER_MS));

export const CACHE_HOUR_MS = 3_600_000;
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export const APP_ROOT_ID = '__nuxt';

export const PAYLOAD_RELOAD_GUARD_MS = 10_000;
export const MANIFEST_PRELOAD_DELAY_MS = 1_000;
export const MAX_ROUTE_PRELOADS = 5;

export const TOOLTIP = {
  showDelayMs: 200,
  dropdownHideDelayMs: 0,
  menuHideDelayMs: 400,
  distancePx: 5,
  touchMoveTolerancePx: 20,
} as const;
export const DROPDOWN_CLOSE_DELAY_MS = 200;

export const CRYOSPHERE_FILES_PER_PAGE = 10;

export const IMAGE_BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536, '2xl': 1536 } as const;
export const IMAGE_DENSITIES = [1, 2] as const;

export const SIZES = {
  logo: { width: 143, height: 50 },
  partnerLogo: { width: 124, height: 72 },
  socialIcon: { width: 32, height: 32 },
} as const;

export const CONTACT_EMAIL = 'info@cryoportal.asia';

/** Every width the image endpoint renders: each breakpoint at each density (SPEC §9), ascending, no repeats. */
export const IMAGE_WIDTHS: readonly number[] = [
  ...new Set(Object.values(IMAGE_BREAKPOINTS).flatMap((w) => IMAGE_DENSITIES.map((d) => w * d))),
].sort((a, b) => a - b);
/** Formats the image endpoint answers in; `auto` picks avif when the browser takes it and it is smaller, else webp. */
export const IMAGE_OUTPUT_FORMATS = ['auto', 'webp', 'avif', 'png', 'jpeg'] as const;
export type ImageOutputFormat = (typeof IMAGE_OUTPUT_FORMATS)[number];
/** Path prefix of the image endpoint (server/routes/images.ts). */
export const IMAGE_ENDPOINT = '/_img';

/** Generated share images (server/routes/site-assets.ts): 1200×630, the page title on the site's artwork. */
/** Share images live below this prefix, named by the page they show: shared/images.ts (shareImagePath). */
export const SHARE_IMAGE_PREFIX = '/_og';
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const SHARE_TITLE_MAX = 140;
