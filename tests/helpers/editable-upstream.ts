import { atFileEnd } from './file-end.ts';
import { sharedContentApi } from './app.ts';
import { forwardTo, startFakeUpstream, type FakeHandler } from './fake-upstream.ts';

/** A news item an editor corrects in the purge tests: its slug, its English title, and the title corrected. */
export const SLUG = 'east-zulmart-glacier-pamir';
export const TITLE = 'East Zulmart: an observation record in the Pamir';
export const EDITED = 'East Zulmart: a corrected observation record';

/**
 * The content API behind a proxy whose answers an editor can change (a title rewritten in every body), and whose
 * answers to one path can be held in flight; with `only`, just the answers under that path prefix (the others as the
 * content API sends them).
 */
export async function editableUpstream(options: { only?: string } = {}) {
  const forward = forwardTo((await sharedContentApi()).url);
  const state = { edited: false, hold: undefined as RegExp | undefined, held: [] as Array<() => void> };
  let heldOne: () => void = () => {};
  /** Holds a request of the held path, and rewrites its body once the editor has changed it. */
  const edit = async (req: Parameters<FakeHandler>[0], res: Parameters<FakeHandler>[1]) => {
    if (state.hold?.test(req.url)) {
      await new Promise<void>((release) => {
        state.held.push(release);
        heldOne();
      });
    }
    const write = res.end.bind(res);
    // the body the content API sends, with the editor's change
    res.end = ((chunk?: unknown) =>
      write(
        Buffer.isBuffer(chunk) && state.edited ? Buffer.from(chunk.toString().replaceAll(TITLE, EDITED)) : chunk,
      )) as typeof res.end;
  };
  const handler: FakeHandler = async (req, res) => {
    if (options.only === undefined || req.url.startsWith(options.only)) await edit(req, res);
    await forward(req, res);
  };
  const upstream = await startFakeUpstream(handler);
  atFileEnd(() => upstream.close());
  return {
    upstream,
    state,
    /** resolves when a request of the held path has come in */
    nextHeld: () => new Promise<void>((resolve) => (heldOne = resolve)),
  };
}
