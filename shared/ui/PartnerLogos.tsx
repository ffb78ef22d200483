import { SIZES } from '../constants.ts';

export interface PartnerLogo {
  id: number;
  title: string;
  url: string;
  image: string;
  /** shown as the link's tooltip; the title otherwise */
  description?: string | null;
}

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
