import { readFileSync } from 'node:fs';
import { geoConicEqualArea } from 'd3-geo';
import { describe, expect, it } from 'vitest';
import { buildMap, OUTPUT, OUTPUT_SVG } from '../../../../../scripts/build-map.ts';
import { MAP_COUNTRIES, MAP_PROJECTION, MAP_VIEWBOX } from '../../../../../shared/ui/map/central-asia-map.generated.ts';
import { placeGlaciers } from '../../../../../shared/ui/map/layout.ts';
import { projectPoint } from '../../../../../shared/ui/map/projection.ts';

/** Bounding box of an SVG path of M/l commands (absolute start, relative steps), as the build script writes them. */
function pathBox(d: string) {
  let x = 0;
  let y = 0;
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  // closing commands (z) carry no point: only M and l are matched
  for (const [, cmd, args] of d.matchAll(/([Ml])([^MlZz]*)/g)) {
    const [a, b] = (args!.match(/-?\d*\.?\d+/g) ?? []).map(Number) as [number, number];
    if (cmd === 'M') [x, y] = [a, b];
    else [x, y] = [x + a, y + b];
    box.minX = Math.min(box.minX, x);
    box.maxX = Math.max(box.maxX, x);
    box.minY = Math.min(box.minY, y);
    box.maxY = Math.max(box.maxY, y);
  }
  return box;
}

/** Ray casting over the path's rings: is the point on land of that country? */
function insidePath(d: string, [px, py]: [number, number]): boolean {
  let inside = false;
  for (const ring of d.split('z').filter(Boolean)) {
    const points: [number, number][] = [];
    let x = 0;
    let y = 0;
    for (const [, cmd, args] of ring.matchAll(/([Ml])([^Ml]*)/g)) {
      const [a, b] = (args!.match(/-?\d*\.?\d+/g) ?? []).map(Number) as [number, number];
      if (cmd === 'M') [x, y] = [a, b];
      else [x, y] = [x + a, y + b];
      points.push([x, y]);
    }
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i]!;
      const [xj, yj] = points[j]!;
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

const country = (code: string) => MAP_COUNTRIES.find((c) => c.code === code)!;
const outlines = readFileSync(OUTPUT_SVG, 'utf8');
/** a country's outline: its path in the generated SVG image */
const outlineOf = (code: string) => {
  const d = new RegExp(`<path id="${code}" d="([^"]+)"/>`).exec(outlines)?.[1];
  expect(d, `no outline of ${code}`).toBeDefined();
  return d!;
};

describe('the generated Central Asia map', () => {
  it('is what scripts/build-map.ts makes from the installed world-atlas, topojson-client and d3-geo', () => {
    const built = buildMap();
    expect(readFileSync(OUTPUT, 'utf8')).toBe(built.source);
    expect(outlines).toBe(built.svg);
  });

  it('keeps the outlines out of the module: they are a small standalone SVG image with the same viewBox', () => {
    // the module (in the JavaScript of the map) holds names, label positions and the projection: no path data
    const module = readFileSync(OUTPUT, 'utf8');
    expect(Buffer.byteLength(module)).toBeLessThan(4 * 1024);
    expect(module).not.toMatch(/"d":|M\d+(\.\d)? \d+(\.\d)?l/);
    expect(Buffer.byteLength(outlines)).toBeLessThan(32 * 1024);
    const { width, height } = MAP_VIEWBOX;
    expect(outlines).toMatch(
      new RegExp(
        `^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">\n`,
      ),
    );
    // the sea over the whole box, then every country in the order the map always drew them: core countries first,
    // the neighbours' lighter borders over them; colours as attributes (the page's CSS does not reach an image)
    expect(outlines).toContain(`<rect width="${width}" height="${height}" fill="#edf2f5"/>`);
    const drawn = [...outlines.matchAll(/<path id="([A-Z]{2})"/g)].map((m) => m[1]);
    expect(drawn).toEqual(MAP_COUNTRIES.map((c) => c.code));
    expect(outlines).toContain(
      '<g fill="#fff" stroke="#8ea7b9" stroke-width="1.2" stroke-linejoin="round">\n<path id="KZ"',
    );
    expect(outlines).toContain('<g fill="#e1e7ec" stroke="#f7f9fa" stroke-linejoin="round">\n<path id="CN"');
    // an image only: no text (labels are translated, inline in the page), no script, no style, no external reference
    expect(outlines).not.toMatch(/<text|<script|<style|style=|href=|<image/);
  });

  it('has the five Central Asian countries as core ones, each with an outline, a label and both names', () => {
    const core = MAP_COUNTRIES.filter((c) => c.core).map((c) => c.code);
    expect(core.sort()).toEqual(['KG', 'KZ', 'TJ', 'TM', 'UZ']);
    for (const code of core) {
      const c = country(code);
      expect(outlineOf(code)).toMatch(/^M-?[\d.]+ -?[\d.]+l/);
      expect(c.label).not.toBeNull();
      expect(c.name.ru).toMatch(/стан$/);
      expect(c.name.en).toMatch(/stan$/);
    }
    expect(country('KZ').name).toEqual({ ru: 'Казахстан', en: 'Kazakhstan' });
  });

  it('draws the neighbouring countries as lighter context', () => {
    for (const code of ['CN', 'AF', 'PK']) expect(country(code).core).toBe(false);
    // countries wholly outside the frame are left out
    for (const code of ['RU', 'IR', 'MN']) expect(MAP_COUNTRIES.some((c) => c.code === code)).toBe(false);
  });

  it('frames the Tien Shan and the Pamir: every glacier of the data well inside, the outlines clipped to the frame', () => {
    const glaciers = JSON.parse(
      readFileSync(new URL('../../../../../content-api/content/glaciers.json', import.meta.url), 'utf8'),
    ) as { lat: number | null; lon: number | null }[];
    const { width, height } = MAP_VIEWBOX;
    for (const g of glaciers.filter((x) => x.lat !== null && x.lon !== null)) {
      const [x, y] = projectPoint(MAP_PROJECTION, g.lat!, g.lon!);
      expect(x).toBeGreaterThan(width * 0.1);
      expect(x).toBeLessThan(width * 0.9);
      expect(y).toBeGreaterThan(height * 0.1);
      expect(y).toBeLessThan(height * 0.9);
    }
    for (const c of MAP_COUNTRIES) {
      const box = pathBox(outlineOf(c.code));
      expect(box.minX).toBeGreaterThanOrEqual(-4.05);
      expect(box.minY).toBeGreaterThanOrEqual(-4.05);
      expect(box.maxX).toBeLessThanOrEqual(width + 4.05);
      expect(box.maxY).toBeLessThanOrEqual(height + 4.05);
      if (c.label) {
        expect(c.label[0]).toBeGreaterThanOrEqual(0);
        expect(c.label[1]).toBeGreaterThanOrEqual(0);
        expect(c.label[0]).toBeLessThanOrEqual(width);
        expect(c.label[1]).toBeLessThanOrEqual(height);
      }
    }
  });

  it('places glaciers exactly as d3.geoConicEqualArea() with the generated parameters', () => {
    const d3 = geoConicEqualArea()
      .parallels([...MAP_PROJECTION.parallels] as [number, number])
      .rotate([MAP_PROJECTION.rotate, 0])
      .center([...MAP_PROJECTION.center] as [number, number])
      .scale(MAP_PROJECTION.scale)
      .translate([...MAP_PROJECTION.translate] as [number, number]);
    for (const [lat, lon] of [
      [43.043653004, 77.080587306],
      [39.609699249, 71.569862366],
      [55.4, 46.5],
      [35.1, 87.3],
      [0, 0],
    ] as const) {
      const [x, y] = projectPoint(MAP_PROJECTION, lat, lon);
      const expected = d3([lon, lat])!;
      expect(x).toBeCloseTo(expected[0], 6);
      expect(y).toBeCloseTo(expected[1], 6);
    }
  });

  it('places a glacier inside its country (Central Tuyuksu, 43.04 N 77.08 E, in Kazakhstan; Abramov in Kyrgyzstan)', () => {
    const tuyuksu = projectPoint(MAP_PROJECTION, 43.04, 77.08);
    const box = pathBox(outlineOf('KZ'));
    expect(tuyuksu[0]).toBeGreaterThan(box.minX);
    expect(tuyuksu[0]).toBeLessThan(box.maxX);
    expect(tuyuksu[1]).toBeGreaterThan(box.minY);
    expect(tuyuksu[1]).toBeLessThan(box.maxY);
    expect(insidePath(outlineOf('KZ'), tuyuksu)).toBe(true);
    expect(insidePath(outlineOf('KG'), tuyuksu)).toBe(false);
    expect(insidePath(outlineOf('KG'), projectPoint(MAP_PROJECTION, 39.609699249, 71.569862366))).toBe(true);
  });

  describe('placing markers', () => {
    const glaciers = [
      { slug: 'a', name: 'A', lat: 43.043653004, lon: 77.080587306 },
      { slug: 'b', name: 'B', lat: 43.050292445, lon: 77.09641025 },
      { slug: 'c', name: 'C', lat: 39.609699249, lon: 71.569862366 },
      { slug: 'd', name: 'D', lat: null, lon: null },
    ];

    it('leaves out glaciers without coordinates', () => {
      expect(placeGlaciers(glaciers, 20).map((p) => p.glacier.slug)).toEqual(['a', 'b', 'c']);
    });

    it('spreads markers that would overlap', () => {
      const [a, b] = placeGlaciers(glaciers, 20);
      expect(Math.hypot(a!.at[0] - b!.at[0], a!.at[1] - b!.at[1])).toBeGreaterThanOrEqual(19.9);
      expect(a!.moved && b!.moved).toBe(true);
    });

    it('leaves a lone marker where it is', () => {
      const [, , c] = placeGlaciers(glaciers, 20);
      expect(c!.moved).toBe(false);
    });

    it('places the same glaciers the same way every time', () => {
      expect(placeGlaciers(glaciers, 20)).toEqual(placeGlaciers(glaciers, 20));
    });
  });
});
