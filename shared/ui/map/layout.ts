import { MAP_PROJECTION, MAP_VIEWBOX } from './central-asia-map.generated.ts';
import { projectPoint } from './projection.ts';
import { hasCoordinates, type MapPlace } from './glacier.ts';

export interface PlacedGlacier<G extends MapPlace> {
  glacier: G;
  /** where the glacier is, in viewBox units */
  anchor: [number, number];
  /** where its marker is drawn: the anchor, or moved aside so close glaciers stay apart */
  at: [number, number];
  moved: boolean;
}

/**
 * Projects the glaciers with coordinates and spreads markers that would overlap (several WGMS glaciers lie a few
 * kilometres apart): a few rounds of pairwise pushes until every two markers are `spacing` apart, then a line is
 * drawn from each moved marker to its true place. Deterministic (the input order decides ties), so the server and the
 * browser draw the same map.
 */
export function placeGlaciers<G extends MapPlace>(glaciers: readonly G[], spacing: number): PlacedGlacier<G>[] {
  const placed = glaciers.filter(hasCoordinates).map((glacier): PlacedGlacier<G> => {
    const anchor = projectPoint(MAP_PROJECTION, glacier.lat, glacier.lon);
    return { glacier, anchor, at: [anchor[0], anchor[1]], moved: false };
  });
  for (let round = 0; round < 200; round++) {
    let overlap = false;
    for (let i = 0; i < placed.length; i++) {
      const a = placed[i]?.at;
      if (!a) continue;
      for (let j = i + 1; j < placed.length; j++) {
        const b = placed[j]?.at;
        if (!b) continue;
        let dx = b[0] - a[0];
        let dy = b[1] - a[1];
        let distance = Math.hypot(dx, dy);
        if (distance >= spacing - 1e-6) continue;
        overlap = true;
        if (distance < 1e-6) {
          // the same spot: part them along a fixed direction that depends on the pair only
          const angle = ((i * 7 + j * 3) % 12) * (Math.PI / 6);
          dx = Math.cos(angle);
          dy = Math.sin(angle);
          distance = 1;
        }
        const push = (spacing - Math.hypot(b[0] - a[0], b[1] - a[1])) / 2 + 0.01;
        const ux = dx / distance;
        const uy = dy / distance;
        a[0] -= ux * push;
        a[1] -= uy * push;
        b[0] += ux * push;
        b[1] += uy * push;
      }
    }
    if (!overlap) break;
  }
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return placed.map((p) => {
    const anchor: [number, number] = [round1(p.anchor[0]), round1(p.anchor[1])];
    const at: [number, number] = [
      round1(Math.min(MAP_VIEWBOX.width - 4, Math.max(4, p.at[0]))),
      round1(Math.min(MAP_VIEWBOX.height - 4, Math.max(4, p.at[1]))),
    ];
    return { glacier: p.glacier, anchor, at, moved: Math.hypot(at[0] - anchor[0], at[1] - anchor[1]) > 1 };
  });
}
