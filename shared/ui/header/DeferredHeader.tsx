import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import type { MenuItem } from '../../schemas/menu.ts';
import { reportError } from '../report.ts';

interface HeaderProps {
  menu: MenuItem[];
}

let markHydrated = () => {};
/** Settles once the header has hydrated (or its code could not load): the client entry waits for it. */
export const headerHydrated = new Promise<void>((resolve) => (markHydrated = resolve));

/**
 * The header's code (menu, search box, language dropdown) is a chunk of its own, fetched as soon as the first-load
 * chunk runs, in parallel with the page's section chunk. If it cannot load, the header stays as the server rendered
 * it: plain links and a <details> menu that work without JavaScript.
 */
const loadHeader = () =>
  import('../Header.tsx').then(
    (module) => ({ default: module.Header }),
    (err: unknown) => {
      reportError('the header could not load; it stays as the server rendered it', err);
      markHydrated();
      return new Promise<never>(() => {});
    },
  );

/** `lazy`, but the code is fetched when this module runs, not when the component first renders. */
function lazyFetchedNow<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  const loading = load();
  return lazy(() => loading);
}

// the server renders the header in the same pass as the page (the module is there before the first render); the
// browser build keeps only the lazy branch (`import.meta.env.SSR` is false there)
const Header: ComponentType<HeaderProps> = import.meta.env.SSR
  ? (await import('../Header.tsx')).Header
  : lazyFetchedNow(loadHeader);

/** Renders nothing; its effect runs when the header's boundary has hydrated. */
function HeaderHydrated() {
  useEffect(() => markHydrated(), []);
  return null;
}

/**
 * The header, hydrated on its own (ADR 0078): a Suspense boundary around it lets React hydrate the page without
 * waiting for the header's code, keep the server's header as it is meanwhile (its links work as links), and hydrate
 * it when the code arrives: the same markup, no mismatch. On the server it renders in place, no streaming.
 */
export function DeferredHeader({ menu }: HeaderProps) {
  return (
    <Suspense fallback={null}>
      <Header menu={menu} />
      <HeaderHydrated />
    </Suspense>
  );
}
