import { WGMS_FOG_DOI_URL, WGMS_SOURCE } from '../../glacier-data.ts';
import { ExternalLink } from './ExternalLink.tsx';

/** The citation WGMS asks for, its DOI linked (an English bibliographic reference: `lang="en"`). */
export function WgmsCitation() {
  return (
    <cite lang="en">
      {WGMS_SOURCE.text} <ExternalLink href={WGMS_FOG_DOI_URL}>{WGMS_FOG_DOI_URL}</ExternalLink>
    </cite>
  );
}
