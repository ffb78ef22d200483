import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Logo } from '../../../../shared/ui/Logo.tsx';

/** The wordmark's lines as rendered: the text of each `<text>` of the logo. */
const lines = (title: string) =>
  [...renderToStaticMarkup(<Logo title={title} />).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('Logo', () => {
  it("writes the site's name as its wordmark: the first word, then the rest", () => {
    expect(lines('Криосфера Центральной Азии')).toEqual(['Криосфера', 'Центральной Азии']);
    expect(lines('Cryosphere of Central Asia')).toEqual(['Cryosphere', 'of Central Asia']);
  });

  it('fits each line to the same width inside the 143x50 logo, named by the whole title', () => {
    const svg = renderToStaticMarkup(<Logo title="Криосфера Центральной Азии" />);
    expect(svg).toContain('viewBox="0 0 143 50"');
    expect(svg).toContain('aria-label="Криосфера Центральной Азии"');
    const fitted = [...svg.matchAll(/<text x="(\d+)"[^>]*textLength="(\d+)"/g)].map((m) => Number(m[1]) + Number(m[2]));
    expect(fitted).toHaveLength(2);
    for (const right of fitted) expect(right).toBeLessThanOrEqual(143);
  });

  it('a one-word name is one line', () => {
    expect(lines('Cryosphere')).toEqual(['Cryosphere']);
  });
});
