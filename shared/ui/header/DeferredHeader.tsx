import type { MenuItem } from '../../schemas/menu.ts';
import { deferredUntilLoad } from '../deferred.tsx';

/**
 * The header (ADR 0078), its code (menu, search box, language dropdown) a chunk of its own fetched after the load
 * event (ADR 0102). Until then, and if it cannot load, the header is the server's: plain links and a <details> menu
 * that work without JavaScript. The server renders it in the same pass as the page; the browser build keeps only the
 * lazy branch (`import.meta.env.SSR` is false there).
 */
export const DeferredHeader = deferredUntilLoad<{ menu: MenuItem[] }>({
  server: import.meta.env.SSR ? (await import('../Header.tsx')).Header : undefined,
  load: () => import('../Header.tsx').then((module) => module.Header),
  failure: 'the header could not load; it stays as the server rendered it',
});
