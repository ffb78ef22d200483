import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { describe, expect, it } from 'vitest';
import { RENDERS_AT_ONCE, RENDERS_CHANNEL } from '../../../../server/ssr/handle-document.ts';
import type { InFlight } from '../../../../server/slots.ts';
import { startRecordedApp } from '../../../helpers/app.ts';
import { forwardTo, gate } from '../../../helpers/fake-upstream.ts';

const { app, upstream, contentApiUrl } = await startRecordedApp();

describe('documents rendered at once', () => {
  it('renders at most RENDERS_AT_ONCE documents at once, loaders included; the others wait their turn and are all sent', async () => {
    const asked = RENDERS_AT_ONCE + 4;
    // every search is held at the upstream until the test lets them go: a render in flight stays in flight
    const held = gate();
    const forward = forwardTo(contentApiUrl);
    upstream.handler = async (req, res) => {
      if (req.url.startsWith('/api/v1/search')) await held.passed;
      await forward(req, res);
    };
    const seen: InFlight[] = [];
    let onAllInFlight = (_state: InFlight): void => {};
    const allInFlight = new Promise<InFlight>((resolve) => (onAllInFlight = resolve));
    const listener = (message: unknown) => {
      const state = message as InFlight;
      seen.push({ ...state });
      // every request has asked for a render, and every one it would start has started (the bound, or all)
      if (state.running + state.waiting === asked && (state.running >= RENDERS_AT_ONCE || state.waiting === 0))
        onAllInFlight({ ...state });
    };
    subscribe(RENDERS_CHANNEL, listener);
    try {
      const answers = Promise.all(
        Array.from({ length: asked }, (_, i) => app.inject({ url: `/en/search?q=bounded${i}` })),
      );
      // none can end while the searches are held
      expect(await allInFlight).toEqual({ running: RENDERS_AT_ONCE, waiting: 4 });
      held.open();
      const done = await answers;
      expect(done.map((a) => a.statusCode)).toEqual(Array.from({ length: asked }, () => 200));
      expect(done.every((a) => a.body.includes('bounded'))).toBe(true);
      expect(Math.max(...seen.map((s) => s.running))).toBe(RENDERS_AT_ONCE);
      expect(seen.at(-1)).toEqual({ running: 0, waiting: 0 });
      expect(upstream.requests.filter((r) => r.url.startsWith('/api/v1/search'))).toHaveLength(asked);
    } finally {
      unsubscribe(RENDERS_CHANNEL, listener);
    }
  });
});
