import { WGMS_FOG_DOI_URL, WGMS_SOURCE } from '../../glacier-data.ts';

/** The citation WGMS asks for, its DOI linked (an English bibliographic reference: `lang="en"`). */
export function WgmsCitation() {
  return (
    <cite lang="en">
      {WGMS_SOURCE.text}{' '}
      <a href={WGMS_FOG_DOI_URL} target="_blank" rel="noopener noreferrer">
        {WGMS_FOG_DOI_URL}
      </a>
    </cite>
  );
}
