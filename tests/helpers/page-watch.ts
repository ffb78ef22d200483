import type { ConsoleMessage, Page, Request, Response } from 'playwright-core';

/** Records what a page does that a visitor would notice: console errors, page errors, failed and sent requests. */
export function watchPage(page: Page) {
  const problems: string[] = [];
  const requests: Request[] = [];
  /** every request since the page was opened (clear() does not touch it) */
  const all: Request[] = [];
  const onConsole = (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console.${msg.type()}: ${msg.text()}`);
  };
  const onPageError = (err: Error) => problems.push(`pageerror: ${err.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  // a request is "cut" when a document arrived after it was sent: the browser cancels what the old page still had in
  // flight (prefetches, chunk preloads, the build manifest preloaded ~1 s after idle), which a visitor never notices.
  // The old page keeps sending until the new document's response arrives, so that response, not its request, is
  // the line. Decided when the problems are read: the response event may come after the old request's failure.
  const order = new WeakMap<Request, number>();
  let lastDocument = -1;
  const aborted: { req: Request; at: number }[] = [];
  const onRequestFailed = (req: Request) => {
    if (req.failure()?.errorText === 'net::ERR_ABORTED') {
      // prefetches are dropped on purpose, and a request made before the watch began (by the page a reused tab
      // showed last) is cut by this test's first document load
      if (req.url().includes('/_payload.json') || !order.has(req)) return;
      aborted.push({ req, at: order.get(req)! });
      return;
    }
    problems.push(`requestfailed: ${req.url()} ${req.failure()?.errorText ?? ''}`);
  };
  const onRequest = (req: Request) => {
    order.set(req, all.length);
    requests.push(req);
    all.push(req);
  };
  const onResponse = (res: Response) => {
    const req = res.request();
    if (req.resourceType() === 'document' && req.frame() === page.mainFrame()) lastDocument = all.length;
  };
  page.on('requestfailed', onRequestFailed);
  page.on('request', onRequest);
  page.on('response', onResponse);
  return {
    /** what went wrong so far (requests cut by a later document load excepted) */
    get problems() {
      return [
        ...problems,
        ...aborted
          .filter(({ at }) => at >= lastDocument)
          .map(({ req }) => `requestfailed: ${req.url()} net::ERR_ABORTED`),
      ];
    },
    requests,
    documents: () => requests.filter((r) => r.resourceType() === 'document'),
    payloads: () => requests.filter((r) => r.url().includes('/_payload.json')),
    /** payload requests for one page (path with locale prefix) since the page was opened: prefetches included */
    payloadsOf: (path: string) =>
      all.filter((r) => {
        const url = new URL(r.url());
        const [pathname = '', search = ''] = path.split('?');
        // the first query key is the build id; the rest is the page's own query
        const query = url.search.slice(1).split('&').slice(1).join('&');
        return url.pathname === `${pathname.replace(/\/$/, '')}/_payload.json` && query === search;
      }),
    /** the pages of one path with a query of their own (`?glacier=…`) whose payloads the page asked for since it opened */
    pagesWithQueryOf: (path: string) =>
      new Set(
        all.flatMap((r) => {
          const url = new URL(r.url());
          const query = url.search.slice(1).split('&').slice(1).join('&');
          return url.pathname === `${path.replace(/\/$/, '')}/_payload.json` && query !== '' ? [query] : [];
        }),
      ),
    clear: () => {
      requests.length = 0;
    },
    /** stops recording (the page lives on, e.g. reused by the next test) */
    stop: () => {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      page.off('requestfailed', onRequestFailed);
      page.off('request', onRequest);
      page.off('response', onResponse);
    },
  };
}
