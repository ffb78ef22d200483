import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, injected into a page with `page.addScriptTag({ content: axeSource })`. */
export const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules: what the site is checked against. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: string[] }[];
}

export interface AxeOptions {
  /** what axe looks at: a selector, or the document less some parts (`exclude`); the whole document by default */
  context?: string | { exclude: string[][] };
  /** these rules only, instead of every WCAG A/AA rule */
  rules?: string[];
}

/** axe's violations on the page as it is now (axe is injected when the document has none yet). */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(
    async ({ context, rules, tags }) => {
      const axe = (
        window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: AxeViolation[] }> } }
      ).axe;
      const found = await axe.run(context ?? document, {
        runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return found.violations.map(({ id, impact, nodes }) => ({
        id,
        impact,
        nodes: nodes.map((n) => ({ target: n.target })),
      }));
    },
    { context: options.context, rules: options.rules, tags: WCAG_TAGS },
  );
}

/** One line per violation: its rule, impact and the elements it found. */
export const describeViolation = (v: AxeViolation) =>
  `${v.id}${v.impact ? ` (${v.impact})` : ''} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`;
