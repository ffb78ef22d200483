import { SIZES } from '../constants.ts';
import type { Partner } from '../schemas/partners.ts';

/** A partner of the home page's list or the footer's (which has no `description`: the link's tooltip is the title). */
type PartnerLogo = Pick<Partner, 'id' | 'title' | 'url' | 'image'> & Partial<Pick<Partner, 'description'>>;

/**
 * Partner logos as links to the partners' sites (new tab). The name is written beside each logo, so the image is
 * decorative (empty alt): a screen reader reads the name once.
 */
export function PartnerLogos({ partners, className }: { partners: PartnerLogo[]; className: string }) {
  return (
    <ul className={className}>
      {partners.map((p) => (
        <li key={p.id}>
          <a href={p.url} target="_blank" rel="noopener noreferrer" title={p.description ?? p.title}>
            <img
              src={p.image}
              alt=""
              width={SIZES.partnerLogo.width}
              height={SIZES.partnerLogo.height}
              loading="lazy"
            />
            <span className={`${className}__title`}>{p.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
