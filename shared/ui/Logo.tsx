import { SIZES } from '../constants.ts';

/** the wordmark's width, viewBox units: from the mark's right (53) to the logo's edge less a margin */
const WORDMARK_WIDTH = 88;

/**
 * The portal's mark: a glacier under a ridge, with the site's name beside it as the wordmark (its first word, then
 * the rest: «Криосфера / Центральной Азии», "Cryosphere / of Central Asia"), each line fitted to the same width so
 * the name fits the logo's 143x50 (SPEC §9) in either language.
 */
export function Logo({ title }: { title: string }) {
  const { width, height } = SIZES.logo;
  const space = title.indexOf(' ');
  const [first, rest] = space === -1 ? [title, ''] : [title.slice(0, space), title.slice(space + 1)];
  return (
    <svg width={width} height={height} viewBox="0 0 143 50" role="img" aria-label={title}>
      <path d="M3 42 L18 14 L26 26 L33 17 L47 42 Z" fill="#1d5f86" />
      <path d="M18 14 L23 23 L20 21 L16 25 L13 23 Z M33 17 L37 24 L34 23 L31 25 Z" fill="#fff" />
      <path d="M10 42 Q25 33 40 42 Z" fill="#8fd3f4" />
      <g aria-hidden="true" fontFamily="inherit" fontWeight="700" lengthAdjust="spacingAndGlyphs">
        <text x="53" y={rest ? 24 : 30} fontSize="14" fill="#0c3550" textLength={WORDMARK_WIDTH}>
          {first}
        </text>
        {rest ? (
          <text x="53" y="38" fontSize="10.5" fill="#1d6f9f" textLength={WORDMARK_WIDTH}>
            {rest}
          </text>
        ) : null}
      </g>
    </svg>
  );
}
