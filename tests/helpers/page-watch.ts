import type { Page, Request } from 'playwright-core';

/** Records what a page does that a visitor would notice: console errors, page errors, failed and sent requests. */
export function watchPage(page: Page) {
  const problems: string[] = [];
  const requests: Request[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console.${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('requestfailed', (req) => problems.push(`requestfailed: ${req.url()} ${req.failure()?.errorText ?? ''}`));
  page.on('request', (req) => requests.push(req));
  return {
    problems,
    requests,
    documents: () => requests.filter((r) => r.resourceType() === 'document'),
    payloads: () => requests.filter((r) => r.url().includes('/_payload.json')),
    clear: () => {
      requests.length = 0;
    },
  };
}
