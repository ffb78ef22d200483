import { ContentImage } from '../../ui/ContentImage.tsx';
import { PartnerLogos } from '../../ui/PartnerLogos.tsx';
import type { HomeData, homeLoader } from './loaders.server.ts';
import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { Card } from '../../ui/Card.tsx';
import { CardGrid } from '../../ui/CardGrid.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { GlacierMapBlock } from '../../ui/map/GlacierMapBlock.tsx';
import { NewsCard } from '../../ui/NewsCard.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n, useRootData } from '../../i18n/use-i18n.ts';

/** The first slide as the hero, the others as highlights beneath it. */
function Slides({ sliders }: { sliders: HomeData['sliders'] }) {
  const { t } = useI18n();
  const [hero, ...more] = sliders;
  return (
    <>
      {hero ? (
        <section className="hero" aria-label={t('home.slider')}>
          <ContentImage image={hero.image} className="hero__image" priority />
          <div className="hero__text container">
            <p className="hero__eyebrow">{t('site.tagline')}</p>
            <h2 className="hero__title">{hero.title}</h2>
            <p className="hero__subtitle">{hero.subtitle}</p>
            {hero.url ? (
              <AppLink className="button button--light" to={hero.url}>
                {t('home.more')}
              </AppLink>
            ) : null}
          </div>
        </section>
      ) : null}
      {more.length > 0 ? (
        <section className="container highlights" aria-label={t('home.slider')}>
          {more.map((slide) => (
            <article key={slide.id} className="highlight">
              {/* shown 96 px wide: a small rendition, not the 1600 px original */}
              <ContentImage image={slide.image} maxWidth={96} sizes="96px" />
              <div>
                <h3 className="highlight__title">
                  {slide.url ? <AppLink to={slide.url}>{slide.title}</AppLink> : slide.title}
                </h3>
                <p>{slide.subtitle}</p>
              </div>
            </article>
          ))}
        </section>
      ) : null}
    </>
  );
}

/** A section of the home page: its heading (`id` names it) and a link to the whole of it. */
function HomeSection({
  id,
  title,
  to,
  more,
  children,
}: {
  id: string;
  title: string;
  to: string;
  more: string;
  children: ReactNode;
}) {
  return (
    <section className="container section" aria-labelledby={id}>
      <div className="section__head">
        <h2 id={id}>{title}</h2>
        <AppLink to={to} className="section__more">
          {more} →
        </AppLink>
      </div>
      {children}
    </section>
  );
}

const KICKERS = { gallery: 'home.kind.gallery', video: 'home.kind.video', podcast: 'home.kind.podcast' } as const;

/** The newest gallery, video and podcast. */
function MultimediaCards({ multimedia }: { multimedia: HomeData['multimedia'] }) {
  const { t } = useI18n();
  return (
    <CardGrid>
      {multimedia.map((card) => (
        <Card
          key={card.kind}
          to={card.to}
          title={card.title}
          image={card.image}
          kicker={t(KICKERS[card.kind])}
          excerpt={card.excerpt}
        />
      ))}
    </CardGrid>
  );
}

export function HomePage() {
  const { sliders, news, events, partners, multimedia, glaciers, glacierCounts } = useLoaderData<typeof homeLoader>();
  const { t } = useI18n();
  // the footer leaves its partner logos out here (shared/ui/Footer.tsx): without partners of its own the home page
  // shows the footer's
  const footerPartners = useRootData()?.footerPartners ?? [];
  const shownPartners = partners.length > 0 ? partners : footerPartners;
  return (
    <>
      <Seo title={t('site.title')} description={t('site.description')} />
      <h1 className="visually-hidden">{t('site.title')}</h1>
      <Slides sliders={sliders} />

      <HomeSection id="home-news" title={t('home.latestNews')} to="/news" more={t('home.allNews')}>
        <CardGrid>
          {news.map((item) => (
            <NewsCard key={item.id} item={item} />
          ))}
        </CardGrid>
      </HomeSection>

      <HomeSection id="home-events" title={t('home.upcomingEvents')} to="/news/events" more={t('home.allEvents')}>
        {events.length === 0 ? (
          <EmptyState>{t('home.noEvents')}</EmptyState>
        ) : (
          <ul className="event-list">
            {events.map((event) => (
              <li key={event.id} className="event-list__item">
                <time dateTime={event.starts_at} className="event-list__date">
                  {event.daysText}
                </time>
                <div>
                  <StatusBadge status={event.status} />
                  <h3 className="event-list__title">
                    <AppLink to={`/news/events/${event.slug}`}>{event.title}</AppLink>
                  </h3>
                  <p className="event-list__place">{event.location}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </HomeSection>

      {glaciers.length > 0 ? <GlacierMapBlock glaciers={glaciers} counts={glacierCounts} /> : null}

      <HomeSection id="home-multimedia" title={t('home.multimedia')} to="/multimedia" more={t('home.allMultimedia')}>
        <MultimediaCards multimedia={multimedia} />
      </HomeSection>

      {shownPartners.length > 0 ? (
        <HomeSection id="home-partners" title={t('home.partners')} to="/about" more={t('home.aboutProject')}>
          <PartnerLogos partners={shownPartners} className="partners" />
        </HomeSection>
      ) : null}
    </>
  );
}
