import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { preload } from 'react-dom';
import { useNavigate } from 'react-router';
import { useRuntimeConfig } from '../runtime-config.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { reportError } from '../report.ts';
import type { YandexMapsLoader, YandexMapsStatus } from './yandex-maps.ts';
import { CentralAsiaMap, MAP_OUTLINES_URL, MARKER_SPACING } from './CentralAsiaMap.tsx';
import { placeGlaciers } from './layout.ts';
import { glacierPagePath, pointTitle, type MapGlacier } from './glacier.ts';

/**
 * The Yandex loader and the interactive map (with the glaciers schema) load only when a maps key is configured:
 * without one, the page ships neither them nor zod.
 */
const interactiveMap = () => import('./InteractiveMap.tsx');
const InteractiveMap = lazy(() => interactiveMap().then((m) => ({ default: m.InteractiveMap })));
// both at once: by the time the provider's script is ready, the component that draws with it is here too
const loadYandexMaps = () => Promise.all([import('./yandex-maps.ts'), interactiveMap()]).then(([m]) => m.yandexMaps());

/** `off`: no maps key configured, the SVG map is the map */
export type MapsState = YandexMapsStatus | 'off';

const serverStatus = (): YandexMapsStatus => 'pending';
const noSubscription = () => () => {};

export interface GlacierMapGlacier extends MapGlacier {
  country: string;
}

interface GlacierMapProps<G extends GlacierMapGlacier> {
  glaciers: readonly G[];
  selected: string | null;
}

/**
 * The glacier map of the WGMS page (each point links to the page with its glacier selected): always the server-rendered SVG map; with a maps key (runtime config) the Yandex
 * map is loaded after hydration and shown in its place once ready. While it loads, and when it fails (no network,
 * blocked script, bad key), the SVG map stays and a short status says so. `data-maps-status` exposes the state.
 */
export function GlacierMap<G extends GlacierMapGlacier>({ glaciers, selected }: GlacierMapProps<G>) {
  const { t, locale } = useI18n();
  const { maps } = useRuntimeConfig();
  // the map is the page's largest paint and its outlines are a CSS background, found only once the stylesheet is
  // applied to the laid-out map: the head asks for them beside the stylesheet
  preload(MAP_OUTLINES_URL, { as: 'image', fetchPriority: 'high' });
  const navigate = useNavigate();
  // the loader is the page's singleton, known once its module has loaded (browser only: the server never has one)
  const [loader, setLoader] = useState<YandexMapsLoader | null>(null);
  const subscribe = useCallback(
    (listener: () => void) => (loader ? loader.subscribe(listener) : noSubscription()),
    [loader],
  );
  const loaderStatus = useSyncExternalStore(subscribe, () => loader?.status ?? 'pending', serverStatus);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!maps) return;
    let current = true;
    loadYandexMaps().then(
      (loaded) => {
        if (!current) return;
        setLoader(loaded);
        loaded
          .setup({ apiKey: maps.apiKey, scriptUrl: maps.scriptUrl, locale })
          .catch((err: unknown) => reportError('the Yandex Maps API could not be loaded; the SVG map stays', err));
      },
      (err: unknown) => {
        reportError('the interactive map code could not be loaded; the SVG map stays', err);
        setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [maps, locale]);

  const state: MapsState = !maps ? 'off' : failed ? 'error' : loaderStatus;
  const ymaps = state === 'loaded' ? (loader?.ymaps ?? null) : null;
  const onSelect = useCallback(
    (slug: string) => navigate(glacierPagePath(slug), { preventScrollReset: true }),
    [navigate],
  );
  const onFail = useCallback((err: unknown) => {
    reportError('the Yandex map could not be created; the SVG map stays', err);
    setFailed(true);
  }, []);

  const placed = placeGlaciers(glaciers, MARKER_SPACING);
  const moved = placed.some((p) => p.moved);
  // a glacier drawn hollow, for want of a series: the legend says what that means
  const withoutData = placed.some((p) => !p.glacier.hasData);
  const reference = placed.some((p) => p.glacier.reference);
  const captionId = 'glacier-map-caption';
  return (
    <figure className="glacier-map" data-maps-status={state}>
      {ymaps ? (
        <Suspense fallback={null}>
          <InteractiveMap ymaps={ymaps} glaciers={glaciers} selected={selected} onSelect={onSelect} onFail={onFail} />
        </Suspense>
      ) : null}
      <div className="glacier-map__scroll" hidden={ymaps !== null}>
        <CentralAsiaMap
          glaciers={glaciers}
          locale={locale}
          title={t('map.svgTitle')}
          titleFor={(g) =>
            pointTitle(t('map.pointTitle', { name: g.name, country: g.country }), [
              g.slug === selected ? t('map.selected') : null,
              g.reference ? t('map.reference') : null,
              g.hasData ? null : t('map.noData'),
            ])
          }
          labelledBy={captionId}
          idPrefix="glacier-map"
          selected={selected}
        />
      </div>
      <figcaption id={captionId} className="glacier-map__caption">
        {t('map.caption')}
      </figcaption>
      <MapLegend hidden={ymaps !== null} withoutData={withoutData} reference={reference} moved={moved} />
      <p className="glacier-map__status" role="status">
        {state === 'loading' ? t('map.status.loading') : state === 'error' ? t('map.status.error') : null}
      </p>
    </figure>
  );
}

/** What the SVG map's marks mean: only the kinds of point it draws (hidden while the interactive map is shown). */
function MapLegend(props: { hidden: boolean; withoutData: boolean; reference: boolean; moved: boolean }) {
  const { t } = useI18n();
  const { hidden, withoutData, reference, moved } = props;
  return (
    <ul className="glacier-map__legend" hidden={hidden}>
      <li>
        <span className="glacier-map__key" />
        {t('map.legend.glacier')}
      </li>
      {reference ? (
        <li>
          <span className="glacier-map__key glacier-map__key--reference" />
          {t('map.legend.reference')}
        </li>
      ) : null}
      {withoutData ? (
        <li>
          <span className="glacier-map__key glacier-map__key--no-data" />
          {t('map.legend.noData')}
        </li>
      ) : null}
      <li>
        <span className="glacier-map__key glacier-map__key--selected" />
        {t('map.legend.selected')}
      </li>
      {moved ? (
        <li>
          <span className="glacier-map__key glacier-map__key--moved" />
          {t('map.legend.moved')}
        </li>
      ) : null}
    </ul>
  );
}
