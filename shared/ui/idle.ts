/**
 * Run `task` when the browser is idle (requestIdleCallback, at the latest after 2 s), or soon where there is no idle
 * callback (Safari): work that must not compete with hydration or input.
 */
export function whenIdle(task: (deadline?: IdleDeadline) => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(() => task(), 1);
}

/**
 * Run `task` once the document has loaded (its load event; at once when it already has): code fetched from here on is
 * not part of the first load, and never delays the load event (ADR 0102). `idle`: then wait for an idle moment too.
 */
export function afterLoad(task: () => void, { idle = false }: { idle?: boolean } = {}): void {
  const run = idle ? () => whenIdle(() => task()) : task;
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
