/**
 * The fixed projection of the Central Asia map: d3-geo's conic equal-area projection with the parameters that
 * scripts/build-map.ts fitted to the five countries at build time, written out as a few lines of arithmetic so the
 * server and the browser can place glaciers without d3 (tests/unit/shared/ui/map/projection.test.ts checks it against d3).
 */
export interface ConicEqualAreaParams {
  /** standard parallels, degrees */
  parallels: readonly [number, number];
  /** d3 rotate λ, degrees (minus the central meridian) */
  rotate: number;
  /** d3 center [lon, lat], degrees: the point placed at `translate` (d3.geoConicEqualArea() defaults to [0, 33.6442]) */
  center: readonly [number, number];
  /** d3 scale */
  scale: number;
  /** d3 translate: viewBox coordinates of the projection's origin */
  translate: readonly [number, number];
}

const RAD = Math.PI / 180;

/** [x, y] in viewBox units of a point given in degrees, exactly as d3.geoConicEqualArea() with these parameters. */
export function projectPoint(params: ConicEqualAreaParams, lat: number, lon: number): [number, number] {
  const sy0 = Math.sin(params.parallels[0] * RAD);
  const n = (sy0 + Math.sin(params.parallels[1] * RAD)) / 2;
  const c = 1 + sy0 * (2 * n - sy0);
  const r0 = Math.sqrt(c) / n;
  const raw = (lambda: number, phi: number): [number, number] => {
    const r = Math.sqrt(c - 2 * n * Math.sin(phi)) / n;
    return [r * Math.sin(lambda * n), r0 - r * Math.cos(lambda * n)];
  };
  // d3 rotates the longitude first (wrapped to ±180°), then applies the raw projection, scale, center and translate
  let lambda = (lon + params.rotate) * RAD;
  if (lambda > Math.PI) lambda -= 2 * Math.PI;
  else if (lambda < -Math.PI) lambda += 2 * Math.PI;
  const [x, y] = raw(lambda, lat * RAD);
  const [cx, cy] = raw(params.center[0] * RAD, params.center[1] * RAD);
  return [params.translate[0] + params.scale * (x - cx), params.translate[1] - params.scale * (y - cy)];
}
