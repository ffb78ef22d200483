import { SIZES } from '../constants.ts';

/** The portal's mark: a glacier under a ridge, with the name beside it. 143x50 (SPEC §9). */
export function Logo({ title }: { title: string }) {
  const { width, height } = SIZES.logo;
  return (
    <svg width={width} height={height} viewBox="0 0 143 50" role="img" aria-label={title}>
      <path d="M3 42 L18 14 L26 26 L33 17 L47 42 Z" fill="#1d5f86" />
      <path d="M18 14 L23 23 L20 21 L16 25 L13 23 Z M33 17 L37 24 L34 23 L31 25 Z" fill="#fff" />
      <path d="M10 42 Q25 33 40 42 Z" fill="#8fd3f4" />
      <text x="53" y="22" fontFamily="inherit" fontSize="13" fontWeight="700" fill="#0c3550">
        CRYO
      </text>
      <text x="53" y="38" fontFamily="inherit" fontSize="13" fontWeight="700" fill="#1d7fb5">
        ASIA
      </text>
    </svg>
  );
}
