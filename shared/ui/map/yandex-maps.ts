// first: jitless before the schema below is built
import '../../zod-jitless.ts';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../constants.ts';

/**
 * Loader of the Yandex Maps JavaScript API, version 2.1 (the `ymaps` global; not the library's default v3).
 *
 * The script is injected at most once per page life: every later `setup()` returns the same promise, whatever the
 * route. Options are checked with a strict zod schema, so a missing API key or a misspelt option fails loudly with a
 * `YandexMapsError` instead of a silent provider error. The status moves `pending → loading → loaded`, or to `error`;
 * a failure never throws past the caller's `catch` and the page keeps its server-rendered SVG map. The environment (document, window) is injectable, so the unit test drives the
 * loader with a small fake instead of a DOM library.
 */

export const YANDEX_MAPS_VERSION = '2.1';
export const DEFAULT_YANDEX_MAPS_URL = `https://api-maps.yandex.ru/${YANDEX_MAPS_VERSION}/`;
/** how long the script and `ymaps.ready` may take before the map gives up (offline, blocked) */
export const YANDEX_MAPS_TIMEOUT_MS = 15_000;

/** The provider's language codes for the site's locales. */
export const YANDEX_LANG: Record<Locale, string> = { ru: 'ru_RU', en: 'en_US' };

export class YandexMapsError extends Error {
  override name = 'YandexMapsError';
}

const OptionsSchema = z.strictObject({
  apiKey: z
    .string({ error: 'apiKey is required (MAPS_API_KEY)' })
    .trim()
    .min(1, 'apiKey must not be empty (MAPS_API_KEY)'),
  locale: z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` }),
  /** the API's base URL (MAPS_SCRIPT_URL); the version is part of it */
  scriptUrl: z.url({ protocol: /^https?$/, error: 'scriptUrl must be an http(s) URL' }).optional(),
});
export type YandexMapsOptions = z.input<typeof OptionsSchema>;

export type YandexMapsStatus = 'pending' | 'loading' | 'loaded' | 'error';

/** The part of the ymaps 2.1 API the glacier map uses. */
export interface YEventManager {
  add(type: string, handler: (event?: unknown) => void): unknown;
}
export interface YPlacemark {
  events: YEventManager;
  options: { set(name: string, value: unknown): unknown };
}
export interface YMap {
  geoObjects: { add(object: YPlacemark): unknown; remove(object: YPlacemark): unknown };
  events: YEventManager;
  /** [[south, west], [north, east]] */
  getBounds(): [[number, number], [number, number]];
  destroy(): void;
}
export interface YMaps {
  ready(onReady: () => void, onError?: (err: unknown) => void): unknown;
  Map: new (
    element: HTMLElement,
    state: { center: [number, number]; zoom: number; controls?: string[] },
    options?: object,
  ) => YMap;
  Placemark: new (coordinates: [number, number], properties?: object, options?: object) => YPlacemark;
}

declare global {
  interface Window {
    /** what the Yandex Maps script defines once it has run (the loader checks it before use) */
    ymaps?: YMaps;
  }
}

/**
 * What the loader needs of the browser; `document` (with `HTMLScriptElement` as `S`) and `window` satisfy it, and
 * tests pass a document of their own.
 */
export interface ScriptElementLike {
  src: string;
  async: boolean;
  onload: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  setAttribute(name: string, value: string): void;
}
export interface YandexMapsEnv<S extends ScriptElementLike = ScriptElementLike> {
  document: {
    createElement(tag: 'script'): S;
    head: { appendChild(node: S): unknown };
  };
  window: { ymaps?: YMaps };
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** Checks options; throws YandexMapsError naming every problem. */
export function parseYandexMapsOptions(options: unknown) {
  const parsed = OptionsSchema.safeParse(options);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown option ${issue.keys.map((k) => `"${k}"`).join(', ')}`
        : issue.message,
    );
    throw new YandexMapsError(`Invalid Yandex Maps options: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** `${scriptUrl}?apikey=KEY&lang=ru_RU` */
export function yandexMapsUrl(options: YandexMapsOptions): string {
  const { apiKey, locale, scriptUrl } = parseYandexMapsOptions(options);
  const url = new URL(scriptUrl ?? DEFAULT_YANDEX_MAPS_URL);
  url.searchParams.set('apikey', apiKey);
  url.searchParams.set('lang', YANDEX_LANG[locale]);
  return url.toString();
}

export interface YandexMapsLoader {
  readonly status: YandexMapsStatus;
  /** the API once loaded */
  readonly ymaps: YMaps | null;
  /** Validates the options (throws YandexMapsError), then loads the script once; later calls share the first load. */
  setup(options: YandexMapsOptions): Promise<YMaps>;
  /** status changes, for useSyncExternalStore; returns the unsubscribe function */
  subscribe(listener: () => void): () => void;
}

export function createYandexMapsLoader<S extends ScriptElementLike>(env: YandexMapsEnv<S>): YandexMapsLoader {
  let status: YandexMapsStatus = 'pending';
  let api: YMaps | null = null;
  let loading: Promise<YMaps> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: YandexMapsStatus) => {
    status = next;
    for (const listener of [...listeners]) listener();
  };

  function load(src: string): Promise<YMaps> {
    return new Promise<YMaps>((resolve, reject) => {
      const timer = env.setTimeout(
        () => reject(new YandexMapsError(`The Yandex Maps API did not load within ${YANDEX_MAPS_TIMEOUT_MS} ms`)),
        YANDEX_MAPS_TIMEOUT_MS,
      );
      const done = (fn: () => void) => {
        env.clearTimeout(timer);
        fn();
      };
      const script = env.document.createElement('script');
      script.async = true;
      script.setAttribute('data-yandex-maps', YANDEX_MAPS_VERSION);
      script.onerror = () =>
        done(() => reject(new YandexMapsError(`The Yandex Maps script could not be loaded (${new URL(src).origin})`)));
      script.onload = () => {
        const ymaps = env.window.ymaps;
        if (!ymaps || typeof ymaps.ready !== 'function') {
          done(() => reject(new YandexMapsError('The Yandex Maps script loaded but did not define ymaps')));
          return;
        }
        ymaps.ready(
          () => done(() => resolve(ymaps)),
          (err: unknown) =>
            done(() =>
              reject(new YandexMapsError(`ymaps.ready failed: ${err instanceof Error ? err.message : String(err)}`)),
            ),
        );
      };
      script.src = src;
      env.document.head.appendChild(script);
    });
  }

  return {
    get status() {
      return status;
    },
    get ymaps() {
      return api;
    },
    setup(options) {
      // invalid options throw before anything is injected; they do not disturb a load already running
      let parsed: ReturnType<typeof parseYandexMapsOptions>;
      try {
        parsed = parseYandexMapsOptions(options);
      } catch (err) {
        if (!loading) set('error');
        throw err;
      }
      if (loading) return loading;
      set('loading');
      loading = load(yandexMapsUrl(parsed)).then(
        (ymaps) => {
          api = ymaps;
          set('loaded');
          return ymaps;
        },
        (err: unknown) => {
          set('error');
          throw err;
        },
      );
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let browserLoader: YandexMapsLoader | null = null;

/** The page's one loader (browser only). */
export function yandexMaps(): YandexMapsLoader {
  browserLoader ??= createYandexMapsLoader<HTMLScriptElement>({
    document,
    window,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(typeof handle === 'number' ? handle : undefined),
  });
  return browserLoader;
}
