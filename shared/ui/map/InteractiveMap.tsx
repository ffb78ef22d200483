// first: jitless before the schemas below are built
import '../../zod-jitless.ts';
import { useEffect, useRef, useState } from 'react';
import { AppLink } from '../fast-paths/AppLink.tsx';
import { GlaciersResponse, type Glacier } from '../../schemas/glaciers.ts';
import { GLACIERS_API_PATH } from '../../endpoints.ts';
import { LOCALE_INFO } from '../../locales.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { reportError } from '../report.ts';
import type { YMap, YMaps, YPlacemark } from './yandex-maps.ts';
import { glacierPagePath, hasCoordinates, pointTitle, type MapGlacier } from './glacier.ts';

/** quiet time after the last move before the visible box is requested */
export const BOUNDS_DEBOUNCE_MS = 300;
/** the Tien Shan and the Pamir, where the WGMS glaciers of the region are */
const START: { center: [number, number]; zoom: number } = { center: [41.6, 75.5], zoom: 5 };
const PRESET = 'islands#blueCircleDotIcon';
/** a glacier without a series of measurements: grey, as the SVG map draws it hollow */
const PRESET_NO_DATA = 'islands#grayCircleDotIcon';
const PRESET_SELECTED = 'islands#orangeCircleDotIcon';
/** a WGMS reference glacier: a pin rather than a circle, a shape as the SVG map's frame is (its hint says so too) */
const PRESET_REFERENCE = 'islands#blueDotIcon';
const presetOf = (glacier: MapGlacier, selected: string | null) =>
  glacier.slug === selected
    ? PRESET_SELECTED
    : glacier.reference
      ? PRESET_REFERENCE
      : glacier.hasData
        ? PRESET
        : PRESET_NO_DATA;

/** a point's hint: the glacier's name, and whether it is a WGMS reference glacier or has no series */
const hintOf = (g: MapGlacier, noData: string, reference: string) =>
  pointTitle(g.name, [g.reference ? reference : null, g.hasData ? null : noData]);

/** south,west,north,east, widened outward to 4 decimals and kept in range, as the BFF accepts them */
export function boundsParam([[south, west], [north, east]]: [[number, number], [number, number]]): string {
  // in units of 1e-4°, after removing float noise (76.9 * 1e4 is 768999.9999999999)
  const down = (v: number) => Math.floor(Number((v * 1e4).toFixed(6))) / 1e4;
  const up = (v: number) => Math.ceil(Number((v * 1e4).toFixed(6))) / 1e4;
  const lat = (v: number) => Math.min(90, Math.max(-90, v));
  const lon = (v: number) => (v >= -180 && v <= 180 ? v : Number((((((v + 180) % 360) + 360) % 360) - 180).toFixed(4)));
  if (east - west >= 360) return `${lat(down(south))},-180,${lat(up(north))},180`;
  return `${lat(down(south))},${lon(down(west))},${lat(up(north))},${lon(up(east))}`;
}

interface InteractiveMapProps<G extends MapGlacier> {
  ymaps: YMaps;
  glaciers: readonly G[];
  selected: string | null;
  onSelect: (slug: string) => void;
  /** the provider failed after loading (e.g. the map could not be created): the page goes back to the SVG map */
  onFail: (err: unknown) => void;
}

/**
 * The Yandex map (API 2.1), shown in place of the SVG map once the script has loaded: a placemark per glacier with
 * coordinates; a click selects the glacier like a point of the SVG map. Each move asks the BFF for the glaciers in
 * the visible box (debounced), listed under the map as links, which also keeps the choice keyboard-accessible.
 */
export function InteractiveMap<G extends MapGlacier>({
  ymaps,
  glaciers,
  selected,
  onSelect,
  onFail,
}: InteractiveMapProps<G>) {
  const { t, locale } = useI18n();
  const container = useRef<HTMLDivElement>(null);
  const placemarks = useRef(new Map<string, YPlacemark>());
  const [inView, setInView] = useState<Glacier[] | null>(null);
  // the latest props, read by the provider's callbacks without recreating the map on every navigation
  const noData = t('map.noData');
  const referenceNote = t('map.reference');
  const latest = useRef({ glaciers, onSelect, onFail, selected, noData, referenceNote });
  useEffect(() => {
    latest.current = { glaciers, onSelect, onFail, selected, noData, referenceNote };
  });
  const glacierKey = glaciers
    .filter(hasCoordinates)
    .map((g) => `${g.slug}@${g.lat},${g.lon}${g.hasData ? '' : ':no-data'}`)
    .join(';');

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const marks = placemarks.current;
    let map: YMap;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;
    try {
      map = new ymaps.Map(
        element,
        { ...START, controls: ['zoomControl', 'fullscreenControl'] },
        { suppressMapOpenBlock: true },
      );
      for (const g of latest.current.glaciers.filter(hasCoordinates)) {
        const placemark = new ymaps.Placemark(
          [g.lat, g.lon],
          { hintContent: hintOf(g, latest.current.noData, latest.current.referenceNote) },
          { preset: presetOf(g, latest.current.selected) },
        );
        placemark.events.add('click', () => latest.current.onSelect(g.slug));
        map.geoObjects.add(placemark);
        marks.set(g.slug, placemark);
      }
    } catch (err) {
      latest.current.onFail(err);
      return;
    }
    const request = () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      const url = `${LOCALE_INFO[locale].basename}${GLACIERS_API_PATH}?bounds=${boundsParam(map.getBounds())}`;
      fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin', signal: current.signal })
        .then(async (res) => {
          if (!res.ok) throw new Error(`${url} answered ${res.status}`);
          const parsed = GlaciersResponse.safeParse(await res.json());
          if (!parsed.success) throw new Error(`${url} returned an unexpected body`);
          if (!current.signal.aborted) setInView(parsed.data.data);
        })
        .catch((err: unknown) => {
          if (!current.signal.aborted) reportError('glaciers in the visible box could not be loaded', err);
        });
    };
    map.events.add('boundschange', () => {
      clearTimeout(timer);
      timer = setTimeout(request, BOUNDS_DEBOUNCE_MS);
    });
    request();
    return () => {
      clearTimeout(timer);
      controller?.abort();
      marks.clear();
      map.destroy();
    };
  }, [ymaps, glacierKey, locale]);

  useEffect(() => {
    for (const g of latest.current.glaciers)
      placemarks.current.get(g.slug)?.options.set('preset', presetOf(g, selected));
  }, [selected]);

  return (
    <div className="glacier-map__interactive">
      <div ref={container} className="glacier-map__ymap" role="region" aria-label={t('map.interactive')} />
      <div className="glacier-map__in-view" aria-live="polite">
        {inView === null ? null : inView.length === 0 ? (
          <p>{t('map.inViewNone')}</p>
        ) : (
          <>
            <p>{t('map.inView', { count: inView.length })}</p>
            <ul className="glacier-map__in-view-list">
              {inView.map((g) => (
                <li key={g.id}>
                  <AppLink
                    to={glacierPagePath(g.slug)}
                    preventScrollReset
                    aria-current={g.slug === selected ? 'true' : undefined}
                  >
                    {g.name}
                  </AppLink>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
