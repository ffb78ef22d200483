import type { Locale } from '../../constants.ts';

/**
 * Loader of the Yandex Maps JavaScript API, version 2.1 (the `ymaps` global; not the library's default v3).
 *
 * The script is injected at most once per page life: every later `setup()` returns the same promise, whatever the
 * route. Its options are the runtime config's maps key and script URL, which server/config.ts checks (`MAPS_API_KEY`:
 * a blank key is none, and then the page never loads the map; `MAPS_SCRIPT_URL`: an http(s) URL). The status moves
 * `pending → loading → loaded`, or to `error`; a failure never throws past the caller's `catch` and the page keeps its
 * server-rendered SVG map. It reads the page's `document` and `window`, which the unit test stands in for with small
 * fakes instead of a DOM library.
 */

const YANDEX_MAPS_VERSION = '2.1';
/** how long the script and `ymaps.ready` may take before the map gives up (offline, blocked) */
export const YANDEX_MAPS_TIMEOUT_MS = 15_000;

/** The provider's language codes for the site's locales. */
const YANDEX_LANG: Record<Locale, string> = { ru: 'ru_RU', en: 'en_US' };

export class YandexMapsError extends Error {
  override name = 'YandexMapsError';
}

export interface YandexMapsOptions {
  apiKey: string;
  locale: Locale;
  /** the API's base URL (MAPS_SCRIPT_URL); the version is part of it */
  scriptUrl: string;
}

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

/** `${scriptUrl}?apikey=KEY&lang=ru_RU` */
export function yandexMapsUrl({ apiKey, locale, scriptUrl }: YandexMapsOptions): string {
  const url = new URL(scriptUrl);
  url.searchParams.set('apikey', apiKey);
  url.searchParams.set('lang', YANDEX_LANG[locale]);
  return url.toString();
}

export interface YandexMapsLoader {
  readonly status: YandexMapsStatus;
  /** the API once loaded */
  readonly ymaps: YMaps | null;
  /** Loads the script once; later calls share the first load. */
  setup(options: YandexMapsOptions): Promise<YMaps>;
  /** status changes, for useSyncExternalStore; returns the unsubscribe function */
  subscribe(listener: () => void): () => void;
}

export function createYandexMapsLoader(): YandexMapsLoader {
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
      const timer = window.setTimeout(
        () => reject(new YandexMapsError(`The Yandex Maps API did not load within ${YANDEX_MAPS_TIMEOUT_MS} ms`)),
        YANDEX_MAPS_TIMEOUT_MS,
      );
      const done = (fn: () => void) => {
        window.clearTimeout(timer);
        fn();
      };
      const script = document.createElement('script');
      script.async = true;
      script.setAttribute('data-yandex-maps', YANDEX_MAPS_VERSION);
      script.onerror = () =>
        done(() => reject(new YandexMapsError(`The Yandex Maps script could not be loaded (${new URL(src).origin})`)));
      script.onload = () => {
        const ymaps = window.ymaps;
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
      document.head.appendChild(script);
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
      if (loading) return loading;
      set('loading');
      loading = load(yandexMapsUrl(options)).then(
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
  browserLoader ??= createYandexMapsLoader();
  return browserLoader;
}
