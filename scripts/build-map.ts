/**
 * Builds the static map of Central Asia once, at development time: `npx tsx scripts/build-map.ts`.
 *
 * Reads the Natural Earth 1:50m country outlines of the `world-atlas` package (TopoJSON), turns them into GeoJSON with
 * `topojson-client`, projects them with a fixed conic equal-area projection (`d3-geo`) fitted to the mountains of the
 * region (the Tien Shan and the Pamir, where its glaciers are; the lowlands around them are context), clips the neighbouring countries to the frame, simplifies (Douglas–Peucker) and quantizes the rings, and
 * writes two files beside the map component:
 * - `central-asia-map.generated.svg`: the outlines (sea, one path per country) as a static image. The map's CSS draws
 *   it behind the inline SVG, so the client build serves it under a content-hashed name with the other assets
 *   (cached for a year) and no page carries the paths in its HTML or JavaScript (ADR 0082);
 * - `central-asia-map.generated.ts`: the viewBox, each country's names and label position (the labels are translated,
 *   so they stay inline text), and the projection parameters (shared/ui/map/projection.ts places glaciers
 *   with them).
 * Nothing is projected per request. The three packages are devDependencies: only this script needs them.
 *
 * `--check` compares the output with the committed files instead of writing them (exit code 1 when one differs).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoConicEqualArea, geoPath, type GeoProjection } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export const OUTPUT = fileURLToPath(new URL('../shared/ui/map/central-asia-map.generated.ts', import.meta.url));
/** the outlines: a static image the page's CSS draws behind the inline SVG (content-hashed by the client build) */
export const OUTPUT_SVG = fileURLToPath(new URL('../shared/ui/map/central-asia-map.generated.svg', import.meta.url));

/** Colours of the outlines (they are an image: the page's CSS does not reach inside it) */
const SEA = '#edf2f5';
const CONTEXT_STYLE = 'fill="#e1e7ec" stroke="#f7f9fa" stroke-linejoin="round"';
const CORE_STYLE = 'fill="#fff" stroke="#8ea7b9" stroke-width="1.2" stroke-linejoin="round"';

/** viewBox width; the height follows from the fitted frame */
const WIDTH = 1000;
/**
 * The frame, degrees: the Tien Shan and the Pamir (where the glaciers are) with the lowlands around them as context.
 * West of it lies steppe and desert without a glacier; the map spends its area on the mountains instead.
 */
const FRAME = { west: 64.2, east: 82.6, south: 36.4, north: 46.6 };
/** Douglas–Peucker tolerance (viewBox units) and the smallest ring kept (square units) */
const TOLERANCE = 0.45;
const MIN_RING_AREA = 6;
const PARALLELS: [number, number] = [38, 52];
/** the central meridian of the frame */
const CENTRAL_MERIDIAN = 73.4;

interface CountryDef {
  /** ISO 3166-1 numeric, as in world-atlas */
  iso: string;
  code: string;
  name: { ru: string; en: string };
  core: boolean;
  /** a label position (lat, lon) where the visual centre is a poor spot; null: no label */
  labelAt?: [number, number] | null;
  /** the label starts at its position (near the frame's west edge) instead of being centred on it */
  align?: 'start';
}

/** The five countries, then the neighbours shown for context (clipped to the frame, lighter). */
const COUNTRIES: CountryDef[] = [
  { iso: '398', code: 'KZ', name: { ru: 'Казахстан', en: 'Kazakhstan' }, core: true, labelAt: [45.6, 70.2] },
  { iso: '417', code: 'KG', name: { ru: 'Кыргызстан', en: 'Kyrgyzstan' }, core: true, labelAt: [40.75, 73.4] },
  { iso: '762', code: 'TJ', name: { ru: 'Таджикистан', en: 'Tajikistan' }, core: true, labelAt: [37.7, 73.5] },
  {
    iso: '795',
    code: 'TM',
    name: { ru: 'Туркменистан', en: 'Turkmenistan' },
    core: true,
    labelAt: [37.75, 64.45],
    align: 'start',
  },
  { iso: '860', code: 'UZ', name: { ru: 'Узбекистан', en: 'Uzbekistan' }, core: true, labelAt: [41.75, 66.4] },
  { iso: '643', code: 'RU', name: { ru: 'Россия', en: 'Russia' }, core: false, labelAt: null },
  { iso: '156', code: 'CN', name: { ru: 'Китай', en: 'China' }, core: false, labelAt: [38.3, 80.3] },
  { iso: '004', code: 'AF', name: { ru: 'Афганистан', en: 'Afghanistan' }, core: false, labelAt: [36.9, 68.6] },
  { iso: '364', code: 'IR', name: { ru: 'Иран', en: 'Iran' }, core: false, labelAt: null },
  { iso: '496', code: 'MN', name: { ru: 'Монголия', en: 'Mongolia' }, core: false, labelAt: null },
  { iso: '586', code: 'PK', name: { ru: 'Пакистан', en: 'Pakistan' }, core: false, labelAt: null },
  { iso: '356', code: 'IN', name: { ru: 'Индия', en: 'India' }, core: false, labelAt: null },
  { iso: '031', code: 'AZ', name: { ru: 'Азербайджан', en: 'Azerbaijan' }, core: false, labelAt: null },
  { iso: '268', code: 'GE', name: { ru: 'Грузия', en: 'Georgia' }, core: false, labelAt: null },
  { iso: '051', code: 'AM', name: { ru: 'Армения', en: 'Armenia' }, core: false, labelAt: null },
];

type Point = [number, number];

/** A d3 path context that records rings instead of drawing them. */
class RingRecorder {
  rings: Point[][] = [];
  private current: Point[] | null = null;
  moveTo(x: number, y: number) {
    this.current = [[x, y]];
    this.rings.push(this.current);
  }
  lineTo(x: number, y: number) {
    this.current?.push([x, y]);
  }
  closePath() {
    this.current = null;
  }
  arc() {
    /* points are not drawn */
  }
}

function perpendicular(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  if (len === 0) return Math.hypot(p[0] - a[0], p[1] - a[1]);
  return Math.abs(dy * p[0] - dx * p[1] + b[0] * a[1] - b[1] * a[0]) / len;
}

/** Douglas–Peucker on an open polyline, iterative; keeps the end points. */
function simplify(points: Point[], tolerance: number): Point[] {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let index = -1;
    let max = tolerance;
    for (let i = first + 1; i < last; i++) {
      const d = perpendicular(points[i]!, points[first]!, points[last]!);
      if (d > max) {
        max = d;
        index = i;
      }
    }
    if (index !== -1) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

function ringArea(ring: Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    sum += (ring[j]![0] + ring[i]![0]) * (ring[j]![1] - ring[i]![1]);
  return sum / 2;
}

function ringCentroid(ring: Point[]): Point {
  let x = 0;
  let y = 0;
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
    x += (ring[j]![0] + ring[i]![0]) * f;
    y += (ring[j]![1] + ring[i]![1]) * f;
    a += f * 3;
  }
  return a === 0 ? ring[0]! : [x / a, y / a];
}

/** Simplified rings, quantized to 0.1 unit, as a compact SVG path (absolute start, relative steps). */
function toPath(rings: Point[][]): { d: string; largest: Point[] | null } {
  const q = (v: number) => Math.round(v * 10);
  const num = (v: number) => {
    const s = (v / 10).toFixed(1).replace(/\.0$/, '');
    return s.replace(/^(-?)0\./, '$1.');
  };
  let d = '';
  let largest: Point[] | null = null;
  let largestArea = 0;
  for (const raw of rings) {
    // close the ring for simplification, then drop the repeated end point
    const closed =
      raw.length > 1 && (raw[0]![0] !== raw[raw.length - 1]![0] || raw[0]![1] !== raw[raw.length - 1]![1])
        ? [...raw, raw[0]!]
        : raw;
    const simple = simplify(closed, TOLERANCE).slice(0, -1);
    const area = Math.abs(ringArea(simple));
    if (simple.length < 3 || area < MIN_RING_AREA) continue;
    if (area > largestArea) {
      largestArea = area;
      largest = simple;
    }
    let px = 0;
    let py = 0;
    let part = '';
    for (const [i, [x, y]] of simple.entries()) {
      const qx = q(x);
      const qy = q(y);
      if (i === 0) part += `M${num(qx)} ${num(qy)}`;
      else if (qx !== px || qy !== py) {
        const dx = num(qx - px);
        const dy = num(qy - py);
        part += `l${dx}${dy.startsWith('-') ? '' : ' '}${dy}`;
      }
      px = qx;
      py = qy;
    }
    d += `${part}z`;
  }
  return { d, largest };
}

export interface BuiltMap {
  /** the module: viewBox, projection, names and label positions */
  source: string;
  /** the outlines image: the sea, then each country's path in drawing order */
  svg: string;
  width: number;
  height: number;
}

/** The outlines as a standalone SVG image, one line per country; consecutive countries of one kind share a group. */
function outlinesSvg(countries: { code: string; core: boolean; d: string }[], width: number, height: number): string {
  const lines = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    '<!-- Generated by scripts/build-map.ts from Natural Earth 1:50m (public domain): do not edit by hand -->',
    `<rect width="${width}" height="${height}" fill="${SEA}"/>`,
  ];
  let open: boolean | null = null;
  for (const c of countries) {
    if (c.core !== open) {
      if (open !== null) lines.push('</g>');
      lines.push(`<g ${c.core ? CORE_STYLE : CONTEXT_STYLE}>`);
      open = c.core;
    }
    lines.push(`<path id="${c.code}" d="${c.d}"/>`);
  }
  if (open !== null) lines.push('</g>');
  lines.push('</svg>', '');
  return lines.join('\n');
}

/** Projects and writes the module text from the installed packages (pure: same packages, same text). */
export function buildMap(): BuiltMap {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  const world = feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name: string }>;
  const byIso = new Map(world.features.map((f) => [String(f.id), f]));
  const find = (iso: string) => {
    const f = byIso.get(iso);
    if (!f) throw new Error(`world-atlas has no country ${iso}`);
    return f as Feature<Polygon | MultiPolygon, { name: string }>;
  };
  // the frame as a polygon (clockwise, as d3-geo reads spherical polygons): its edges follow the meridians and
  // parallels, densified so the fit sees their curve
  const ring: [number, number][] = [];
  const steps = 24;
  for (let i = 0; i <= steps; i++) ring.push([FRAME.west + ((FRAME.east - FRAME.west) * i) / steps, FRAME.south]);
  for (let i = 0; i <= steps; i++) ring.push([FRAME.east, FRAME.south + ((FRAME.north - FRAME.south) * i) / steps]);
  for (let i = 0; i <= steps; i++) ring.push([FRAME.east - ((FRAME.east - FRAME.west) * i) / steps, FRAME.north]);
  for (let i = 0; i <= steps; i++) ring.push([FRAME.west, FRAME.north - ((FRAME.north - FRAME.south) * i) / steps]);
  const frame: Feature<Polygon> = {
    type: 'Feature',
    properties: {},
    geometry: { type: 'Polygon', coordinates: [ring.reverse()] },
  };

  const projection: GeoProjection = geoConicEqualArea().parallels(PARALLELS).rotate([-CENTRAL_MERIDIAN, 0]);
  projection.fitWidth(WIDTH, frame);
  const [[, y0], [, y1]] = geoPath(projection).bounds(frame);
  // the frame's corners are cut square: the middle of its curved edges sets the box
  const height = Math.round(y1 - y0 - 40);
  projection.fitExtent(
    [
      [0, -20],
      [WIDTH, height + 20],
    ],
    frame,
  );
  // clip a little outside the viewBox, so the cut edges of the neighbours are never stroked inside the frame
  projection.clipExtent([
    [-4, -4],
    [WIDTH + 4, height + 4],
  ]);

  const countries = COUNTRIES.map((def) => {
    const recorder = new RingRecorder();
    geoPath(projection, recorder as unknown as CanvasRenderingContext2D)(find(def.iso));
    const { d, largest } = toPath(recorder.rings);
    if (!d) return null;
    let label: Point | null = null;
    if (def.labelAt === undefined) label = largest ? ringCentroid(largest) : null;
    else if (def.labelAt !== null) label = projection([def.labelAt[1], def.labelAt[0]]) as Point;
    if (label && (label[0] < 0 || label[0] > WIDTH || label[1] < 0 || label[1] > height))
      throw new Error(`the label of ${def.code} is outside the frame`);
    return {
      code: def.code,
      core: def.core,
      name: def.name,
      label: label ? ([Math.round(label[0]), Math.round(label[1])] as Point) : null,
      ...(def.align ? { align: def.align } : {}),
      d,
    };
  }).filter((c) => c !== null);

  const params = {
    parallels: PARALLELS,
    rotate: -CENTRAL_MERIDIAN,
    center: projection.center(),
    scale: projection.scale(),
    translate: projection.translate(),
  };
  const lines = [
    '// Generated by scripts/build-map.ts (`npx tsx scripts/build-map.ts`) from the Natural Earth 1:50m countries of the',
    '// world-atlas package: do not edit by hand. Natural Earth data are in the public domain.',
    "import type { ConicEqualAreaParams } from './projection.ts';",
    '',
    'export interface MapCountry {',
    '  /** ISO 3166-1 alpha-2 */',
    '  code: string;',
    '  /** one of the five Central Asian countries (the others are context, clipped to the frame) */',
    '  core: boolean;',
    '  name: { ru: string; en: string };',
    '  /** label position in viewBox units; null: no label */',
    '  label: readonly [number, number] | null;',
    '  /** `start`: the label begins at its position (near the west edge) instead of being centred on it */',
    "  align?: 'start';",
    '}',
    '',
    `export const MAP_VIEWBOX = { width: ${WIDTH}, height: ${height} } as const;`,
    '',
    `export const MAP_PROJECTION: ConicEqualAreaParams = ${JSON.stringify(params)};`,
    '',
    'export const MAP_COUNTRIES: readonly MapCountry[] = [',
    ...countries.map(({ d: _outline, ...c }) => `  ${JSON.stringify(c)},`),
    '];',
    '',
  ];
  return { source: lines.join('\n'), svg: outlinesSvg(countries, WIDTH, height), width: WIDTH, height };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const built = buildMap();
  const outputs = [
    { file: OUTPUT, text: built.source },
    { file: OUTPUT_SVG, text: built.svg },
  ];
  if (process.argv.includes('--check')) {
    const stale = outputs
      .filter((o) => !existsSync(o.file) || readFileSync(o.file, 'utf8') !== o.text)
      .map((o) => basename(o.file));
    process.stdout.write(
      stale.length === 0
        ? 'the generated map files are up to date\n'
        : `${stale.join(' and ')} ${stale.length > 1 ? 'are' : 'is'} stale: run npx tsx scripts/build-map.ts\n`,
    );
    process.exitCode = stale.length === 0 ? 0 : 1;
  } else {
    for (const { file, text } of outputs) {
      writeFileSync(file, text);
      process.stdout.write(`wrote ${file} (${Buffer.byteLength(text)} bytes)\n`);
    }
    process.stdout.write(`viewBox ${built.width}×${built.height}\n`);
  }
}
