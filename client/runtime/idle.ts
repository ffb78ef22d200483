/**
 * Run `task` when the browser is idle (requestIdleCallback, at the latest after `timeoutMs`), or soon where there is
 * no idle callback (Safari): work that must not compete with hydration or input.
 */
export function whenIdle(task: (deadline?: IdleDeadline) => void, timeoutMs = 2000): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(() => task(), 1);
}
