import type { Locator, Page } from 'playwright-core';

let armed = 0;

/**
 * Measures a UI delay in the page itself, without sleeping in the test: started by `on` (a DOM event) on `start`,
 * stopped at the first DOM change after which an element matching `until` is present (or absent). The returned
 * function waits for the stop and gives the milliseconds between the event and the change.
 */
export async function armStopwatch(
  page: Page,
  start: Locator,
  on: string,
  until: { selector: string; present: boolean },
): Promise<() => Promise<number>> {
  armed += 1;
  const id = `__stopwatch${armed}`;
  await start.evaluate(
    (el, [key, event, selector, present]) => {
      const t: { from?: number; to?: number } = {};
      (window as unknown as Record<string, typeof t>)[key] = t;
      const check = () => {
        if (t.from !== undefined && t.to === undefined && (document.querySelector(selector) !== null) === present)
          t.to = performance.now();
      };
      el.addEventListener(
        event,
        (e) => {
          t.from = e.timeStamp;
          t.to = undefined;
          check();
        },
        { capture: true },
      );
      new MutationObserver(check).observe(document.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
      });
    },
    [id, on, until.selector, until.present] as const,
  );
  return async () => {
    const handle = await page.waitForFunction((key) => {
      const t = (window as unknown as Record<string, { from?: number; to?: number } | undefined>)[key];
      return t?.from !== undefined && t.to !== undefined ? { ms: t.to - t.from } : false;
    }, id);
    return ((await handle.jsonValue()) as { ms: number }).ms;
  };
}
