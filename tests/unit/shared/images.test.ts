import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../../shared/constants.ts';
import { imageSrcSet, srcSetWidths } from '../../../shared/images.ts';

/** The candidate a browser takes for `need` device pixels: the narrowest at or above it, else the widest. */
const chosen = (widths: number[], need: number) => widths.find((w) => w >= need) ?? widths[widths.length - 1]!;

describe('srcset widths', () => {
  it('offers every rendered width between the smallest and the largest a card may need', () => {
    // a card is shown 480 CSS px wide at most (shared/ui/Card.tsx)
    expect(srcSetWidths(480)).toEqual([320, 640, 768, 1024, 1280]);
    expect(imageSrcSet('media/a.jpg', 480)).toBe(
      [320, 640, 768, 1024, 1280].map((w) => `/_img/w_${w},f_auto/media/a.jpg ${w}w`).join(', '),
    );
  });

  it.each([
    [360, 2, 768],
    [412, 1.75, 768],
    [412, 2, 1024],
    [390, 3, 1280],
  ])('a card 100vw on a phone %i px wide at DPR %s takes %i px', (viewport, dpr, width) => {
    expect(chosen(srcSetWidths(480), viewport * dpr)).toBe(width);
  });

  it('names only widths the endpoint renders, for every width an image is laid out at', () => {
    for (const max of [32, 96, 124, 480, 640, 800, 1024, 1280, 1536, 2000])
      for (const width of srcSetWidths(max)) expect(IMAGE_WIDTHS).toContain(width);
  });

  it('keeps a small logo to its own widths', () => {
    expect(srcSetWidths(96)).toEqual([320, 640]);
  });
});
