import { AppLink } from '../fast-paths/AppLink.tsx';
import type { Locale } from '../../constants.ts';
import { MAP_COUNTRIES, MAP_VIEWBOX } from './central-asia-map.generated.ts';
import outlinesUrl from './central-asia-map.generated.svg?url';
import { placeGlaciers } from './layout.ts';
import { glacierPagePath, type MapGlacier } from './glacier.ts';

/**
 * Marker radius and the least distance between two markers, viewBox units. Each marker's link is a circle of the
 * spacing's diameter: at the narrowest width the map is drawn (a 360 px phone, about 310 px of map) that is still
 * 24 CSS px, WCAG 2.2's least target size, and no two targets overlap.
 */
export const MARKER_RADIUS = 9;
export const MARKER_SPACING = 80;
/** Half the side of the square frame that marks a WGMS reference glacier, viewBox units: clear of the dot at every width. */
const REFERENCE_HALF = MARKER_RADIUS + 7;

/** The content-hashed URL of the country outlines (the `.ca-map` background), for a page that preloads them. */
export const MAP_OUTLINES_URL = outlinesUrl;

export interface CentralAsiaMapProps<G extends MapGlacier> {
  glaciers: readonly G[];
  locale: Locale;
  /** the accessible name of a point (its <title>) */
  titleFor: (glacier: G) => string;
  /** the map's own name (its <title>) */
  title: string;
  /** id of the element that names the map (the figure's caption); the map's own <title> is added to it */
  labelledBy: string;
  idPrefix: string;
  selected?: string | null;
  className?: string;
}

/**
 * The server-rendered SVG map of Central Asia: country labels in the page's language and one point per glacier with
 * coordinates, drawn over the country outlines (hollow for a glacier without a series of measurements, framed by a
 * square for a WGMS reference glacier). The outlines (Natural Earth, projected at build time by
 * scripts/build-map.ts) never change, so they are not in the markup: they are a static image,
 * `central-asia-map.generated.svg` with the same viewBox, which the map's CSS (`.ca-map`) draws as the SVG's
 * background. The client build serves it under a content-hashed name, cached for a year, fetched once for every page
 * that shows a map (ADR 0082).
 *
 * Each point is a plain link to `?glacier={slug}` on the map's page (an `<a>` inside the SVG, named by its `<title>`):
 * without JavaScript it is an ordinary page load that the server answers with the glacier's panel, with JavaScript
 * react-router turns it into a client navigation, and crawlers can follow it. So the map needs no script of its own
 * and nothing in it depends on the maps provider.
 */
export function CentralAsiaMap<G extends MapGlacier>(props: CentralAsiaMapProps<G>) {
  const { glaciers, locale, title, titleFor, labelledBy, idPrefix, selected = null, className } = props;
  const placed = placeGlaciers(glaciers, MARKER_SPACING);
  // the selected point is drawn last, so it is never under another one
  const ordered = [...placed].sort((a, b) => Number(a.glacier.slug === selected) - Number(b.glacier.slug === selected));
  const current = placed.find((p) => p.glacier.slug === selected) ?? null;
  const titleId = `${idPrefix}-title`;
  const { width, height } = MAP_VIEWBOX;
  return (
    <svg
      className={className ? `ca-map ${className}` : 'ca-map'}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      aria-labelledby={`${titleId} ${labelledBy}`}
    >
      <title id={titleId}>{title}</title>
      <g className="ca-map__labels" aria-hidden="true">
        {MAP_COUNTRIES.map((c) =>
          c.label ? (
            <text
              key={c.code}
              className={`ca-map__label${c.core ? ' ca-map__label--core' : ''}${c.align ? ' ca-map__label--start' : ''}`}
              x={c.label[0]}
              y={c.label[1]}
            >
              {c.name[locale]}
            </text>
          ) : null,
        )}
      </g>
      <g className="ca-map__leaders" aria-hidden="true">
        {placed
          .filter((p) => p.moved)
          .map((p) => (
            <g key={p.glacier.slug}>
              <line x1={p.anchor[0]} y1={p.anchor[1]} x2={p.at[0]} y2={p.at[1]} />
              <circle cx={p.anchor[0]} cy={p.anchor[1]} r={2.2} />
            </g>
          ))}
      </g>
      <g className="ca-map__points">
        {ordered.map(({ glacier, at }) => {
          const isSelected = glacier.slug === selected;
          return (
            <AppLink
              key={glacier.slug}
              to={glacierPagePath(glacier.slug)}
              preventScrollReset
              className={`ca-map__point${glacier.hasData ? '' : ' ca-map__point--no-data'}${glacier.reference ? ' ca-map__point--reference' : ''}${isSelected ? ' is-selected' : ''}`}
              aria-current={isSelected ? 'true' : undefined}
              data-glacier={glacier.slug}
            >
              <title>{titleFor(glacier)}</title>
              <circle className="ca-map__hit" cx={at[0]} cy={at[1]} r={MARKER_SPACING / 2} />
              <circle className="ca-map__ring" cx={at[0]} cy={at[1]} r={MARKER_RADIUS + 5} />
              {glacier.reference ? (
                // a WGMS reference glacier: a square frame around its dot, a shape rather than a colour
                <rect
                  className="ca-map__reference"
                  x={at[0] - REFERENCE_HALF}
                  y={at[1] - REFERENCE_HALF}
                  width={REFERENCE_HALF * 2}
                  height={REFERENCE_HALF * 2}
                />
              ) : null}
              <circle
                className="ca-map__dot"
                cx={at[0]}
                cy={at[1]}
                r={isSelected ? MARKER_RADIUS + 2 : MARKER_RADIUS}
              />
            </AppLink>
          );
        })}
      </g>
      {current ? (
        <text
          className="ca-map__name"
          aria-hidden="true"
          x={current.at[0] + (current.at[0] > width - 260 ? -16 : 16)}
          y={current.at[1] + 7}
          textAnchor={current.at[0] > width - 260 ? 'end' : 'start'}
        >
          {current.glacier.name}
        </text>
      ) : null}
    </svg>
  );
}
