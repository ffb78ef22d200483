import { PartnerLogos } from './PartnerLogos.tsx';
import { AppLink } from './fast-paths/AppLink.tsx';
import { CONTACT_EMAIL, SIZES } from '../constants.ts';
import { FeedbackButton } from './feedback/FeedbackButton.tsx';
import { Tooltip } from './Tooltip.tsx';
import { useI18n, useRootData } from '../i18n/use-i18n.ts';
import { RenderOnce } from './fast-paths/RenderOnce.tsx';
import { useLocation } from 'react-router';

/**
 * Footer: social links and partner logos (already sorted by position), legal links, contact, credit. The same for
 * every page of a locale but the home page: made from the layout data (one object while the upstream values stay the
 * same), the locale, the year and whether the page is the home page, so the server renders it once per those
 * (RenderOnce); it depends on the page's location only through that. The home page has its own partners section
 * (every partner, by full name), so there the footer leaves its logos out rather than show them a second time.
 */
export function Footer() {
  const { t, locale } = useI18n();
  const root = useRootData();
  const onHome = useLocation().pathname === '/';
  const socialNetworks = root?.socialNetworks ?? [];
  const partners = onHome ? [] : (root?.footerPartners ?? []);
  const feedbackTypes = root?.feedbackTypes ?? [];
  const year = new Date().getUTCFullYear();
  return (
    <RenderOnce as="footer" className="site-footer" source={root} cacheKey={`${locale}:${year}:${onHome}`}>
      <div className={partners.length > 0 ? 'container site-footer__grid' : 'container site-footer__grid is-single'}>
        {partners.length > 0 ? (
          <section aria-labelledby="footer-partners">
            <h2 id="footer-partners" className="site-footer__heading">
              {t('footer.partners')}
            </h2>
            <PartnerLogos partners={partners} className="partner-logos" />
          </section>
        ) : null}
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="site-footer__heading">
            {t('footer.social')}
          </h2>
          <ul className="social-links">
            {socialNetworks.map((s) => (
              <li key={s.id}>
                <Tooltip text={s.title}>
                  <a href={s.url} target="_blank" rel="noopener noreferrer">
                    <img
                      src={s.image}
                      alt={s.title}
                      width={SIZES.socialIcon.width}
                      height={SIZES.socialIcon.height}
                      loading="lazy"
                    />
                  </a>
                </Tooltip>
              </li>
            ))}
          </ul>
          <FeedbackButton types={feedbackTypes} />
          <p className="site-footer__contact">
            {t('footer.contact')}: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
          </p>
        </section>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {year} {t('site.title')}. {t('footer.rights')}.
        </p>
        <ul className="site-footer__legal">
          <li>
            <AppLink to="/content/privacy-policy">{t('footer.privacy')}</AppLink>
          </li>
          <li>
            <AppLink to="/content/terms-and-conditions">{t('footer.terms')}</AppLink>
          </li>
          <li>
            <AppLink to="/about/team" className="site-footer__credit">
              {t('footer.credit')}
            </AppLink>
          </li>
        </ul>
      </div>
    </RenderOnce>
  );
}
