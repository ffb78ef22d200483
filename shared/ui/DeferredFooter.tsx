import { deferredUntilLoad } from './deferred.tsx';

/**
 * The footer, its code (the feedback button, the social links' tooltips) a chunk of its own fetched after the load
 * event (ADR 0102). Until then, and if it cannot load, the footer is the server's: its links work as links, the
 * feedback button is the link to the feedback page it is without JavaScript.
 */
export const DeferredFooter = deferredUntilLoad({
  server: import.meta.env.SSR ? (await import('./Footer.tsx')).Footer : undefined,
  load: () => import('./Footer.tsx').then((module) => module.Footer),
  failure: 'the footer could not load; it stays as the server rendered it',
});
