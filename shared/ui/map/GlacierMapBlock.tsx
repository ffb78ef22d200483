import { lazy, Suspense, type ComponentType } from 'react';
import { AppLink } from '../fast-paths/AppLink.tsx';
import { afterLoad } from '../idle.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import type { CentralAsiaMapProps } from './CentralAsiaMap.tsx';
import { GLACIER_PAGE, pointTitle, type GlacierCountsText, type MapGlacier } from './glacier.ts';

const loadMap = () => import('./CentralAsiaMap.tsx').then((m) => m.CentralAsiaMap);

/**
 * The map (its country outlines are most of its weight) loads only on pages that show it, not with every page; in
 * the browser after the load event (ADR 0102): the server's SVG stays in place until its code has come. The server
 * has it before its first render (as the header, ADR 0078): a lazy component suspends on its first render in a
 * process, and a boundary still pending when the shell is sent streams at the end of the document, hidden until an
 * inline script moves it in place, and that document is what the page cache keeps.
 */
const CentralAsiaMap: ComponentType<CentralAsiaMapProps<MapGlacier>> = import.meta.env.SSR
  ? await loadMap()
  : lazy(() => new Promise<void>((resolve) => afterLoad(resolve)).then(loadMap).then((m) => ({ default: m })));

/**
 * The home page's compact glacier map: the same server-rendered SVG map, each point a link to the glacier on the
 * glacier map page, and a link to that page. Takes the glacier list (`api.get('glaciers')` → `data`) and the glacier
 * counts (the WGMS page's own, shared/sections/resources/region-figures.ts) as props.
 */
export function GlacierMapBlock({ glaciers, counts }: { glaciers: readonly MapGlacier[]; counts: GlacierCountsText }) {
  const { t, locale } = useI18n();
  return (
    <section className="container section glacier-block" aria-labelledby="home-glacier-map">
      <div className="glacier-block__text">
        <h2 id="home-glacier-map">{t('map.block.title')}</h2>
        <p id="home-glacier-map-lead">{t('map.block.lead')}</p>
        <p className="glacier-block__count" data-counts="">
          {t('map.block.count', counts)}
        </p>
        <AppLink to={GLACIER_PAGE} className="button glacier-block__open">
          {t('map.block.open')}
        </AppLink>
      </div>
      <div className="glacier-block__map">
        <Suspense fallback={null}>
          <CentralAsiaMap
            glaciers={glaciers}
            locale={locale}
            title={t('map.svgTitle')}
            titleFor={(g) =>
              pointTitle(g.name, [g.reference ? t('map.reference') : null, g.hasData ? null : t('map.noData')])
            }
            labelledBy="home-glacier-map-lead"
            idPrefix="home-glacier-map"
            className="ca-map--compact"
          />
        </Suspense>
      </div>
    </section>
  );
}
