import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { afterLoad } from './idle.ts';
import { reportError } from './report.ts';

const islands: Promise<void>[] = [];

/** Settles once every island made so far has hydrated, or found its code missing (the client entry waits for it). */
export const islandsHydrated = (): Promise<void> => Promise.all(islands).then(() => {});

/**
 * A part of the layout hydrated on its own, with code fetched only after the document's load event (ADR 0078, ADR
 * 0102): a Suspense boundary around it lets React hydrate the page without it and keep the server's markup meanwhile
 * (its links work as links); when the code arrives React hydrates it against the same markup, no mismatch, no shift.
 * If the code cannot load, the part stays as the server rendered it and `failure` is reported.
 *
 * `server`: the component itself, for the server's render (in place, no streaming); the browser build passes none.
 */
export function deferredUntilLoad<P extends object>(options: {
  server: ComponentType<P> | undefined;
  load: () => Promise<ComponentType<P>>;
  failure: string;
}): ComponentType<P> {
  let markHydrated = () => {};
  const hydrated = new Promise<void>((resolve) => (markHydrated = resolve));
  let Part = options.server;
  // an island counts from its first render: a part that a page never shows (a chart of one page in a section's
  // chunk) never holds the page's hydration back
  let counted = options.server !== undefined;
  if (!Part) {
    const loading = new Promise<{ default: ComponentType<P> }>((resolve) =>
      afterLoad(() =>
        resolve(
          options.load().then(
            (component) => ({ default: component }),
            (err: unknown) => {
              reportError(options.failure, err);
              markHydrated();
              return new Promise<never>(() => {});
            },
          ),
        ),
      ),
    );
    Part = lazy(() => loading);
  }
  const Loaded = Part;

  /** Renders nothing; its effect runs when the boundary has hydrated. */
  function Hydrated() {
    useEffect(() => markHydrated(), []);
    return null;
  }

  return function Deferred(props: P) {
    if (!counted) {
      counted = true;
      islands.push(hydrated);
    }
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
        <Hydrated />
      </Suspense>
    );
  };
}
