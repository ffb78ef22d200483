import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { RENDITIONS_CHANNEL } from '../../../../server/routes/images.ts';
import type { InFlight } from '../../../../server/slots.ts';
import { startTestApp } from '../../../helpers/app.ts';
import { gate, json, startFakeUpstream } from '../../../helpers/fake-upstream.ts';

const cacheDir = mkdtempSync(join(tmpdir(), 'img-bounded-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a7fb0' } })
  .png()
  .toBuffer();

// every media source is held until the test lets them go: a rendition in flight stays in flight
const held = gate();
const upstream = await startFakeUpstream(async (req, res) => {
  const source = req.url.startsWith('/media/held-');
  await (source ? held.passed : undefined);
  if (source) {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(png);
  } else json(res, 404, { message: 'not scripted' });
});
afterAll(() => upstream.close());
const { app } = await startTestApp({ upstreamUrl: upstream.url, config: { CACHE_DIR: cacheDir } });

describe('image endpoint /_img: renditions in flight', () => {
  it('makes at most two renditions at once, their sources included; the others wait their turn and are all made', async () => {
    const asked = 5;
    const seen: Array<InFlight> = [];
    let onAllInFlight = (_state: InFlight): void => {};
    const allInFlight = new Promise<InFlight>((resolve) => (onAllInFlight = resolve));
    const listener = (message: unknown) => {
      const state = message as InFlight;
      seen.push({ ...state });
      // every request is in the pipeline, and it has started all it would start (two, or every one)
      if (state.running + state.waiting === asked && (state.running >= 2 || state.waiting === 0))
        onAllInFlight({ ...state });
    };
    subscribe(RENDITIONS_CHANNEL, listener);
    try {
      const answers = Promise.all(
        Array.from({ length: asked }, (_, i) => app.inject({ url: `/_img/w_640,f_webp/media/held-${i}.png` })),
      );
      // none can end while the sources are held
      expect(await allInFlight).toEqual({ running: 2, waiting: 3 });
      held.open();
      const done = await answers;
      expect(done.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(done.map((a) => a.headers['x-cache'])).toEqual(['MISS', 'MISS', 'MISS', 'MISS', 'MISS']);
      expect(Math.max(...seen.map((s) => s.running))).toBe(2);
      expect(seen.at(-1)).toEqual({ running: 0, waiting: 0 });
      expect(upstream.requests.filter((r) => r.url.startsWith('/media/held-'))).toHaveLength(asked);
    } finally {
      unsubscribe(RENDITIONS_CHANNEL, listener);
    }
  });
});
