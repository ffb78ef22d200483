import { ContentImage } from '../../ui/ContentImage.tsx';
import type { aboutLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';

export function AboutPage() {
  const { about } = useLoaderData<typeof aboutLoader>();
  const { t } = useI18n();
  return (
    <div className="container page about">
      <Seo title={about.title} description={t('about.description')} />
      <PageHeader title={about.title} crumbs={[{ title: about.title }]} />
      <div className="about__layout">
        <article className="about__main">
          <ContentImage image={about.image} className="article__image about__image" priority />
          {about.sample_notice ? (
            <aside className="notice" aria-labelledby="about-notice">
              <h2 id="about-notice" className="notice__title">
                {t('about.noticeTitle')}
              </h2>
              <p className="notice__text">{about.sample_notice}</p>
            </aside>
          ) : null}
          <RichText html={about.body} />
        </article>
        <aside className="about__team" aria-labelledby="about-team">
          <h2 id="about-team" className="about__team-title">
            {t('about.teamTitle')}
          </h2>
          <p>{t('about.teamText')}</p>
          <AppLink to="/about/team" className="button">
            {/* the arrow never starts a line of its own */}
            {`${t('about.teamLink')}\u00a0→`}
          </AppLink>
        </aside>
      </div>
    </div>
  );
}
