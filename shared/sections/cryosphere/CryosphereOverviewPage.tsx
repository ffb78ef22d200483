import { useLoaderData } from 'react-router';
import { useI18n } from '../../i18n/use-i18n.ts';
import { ContentImage } from '../../ui/ContentImage.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { SectionOverview } from '../../ui/SectionOverview.tsx';
import type { cryosphereOverviewLoader } from './loaders.server.ts';

/** `/cryosphere` (ADR 0134): the section's introduction, then a link to each of its topics with its excerpt. */
export function CryosphereOverviewPage() {
  const { section, topics } = useLoaderData<typeof cryosphereOverviewLoader>();
  const { t } = useI18n();
  return (
    <SectionOverview
      title={section.title}
      intro={t('cryosphere.overview.intro')}
      entries={topics.map((topic) => ({ to: `/${topic.slug}`, title: topic.title, text: topic.excerpt }))}
    >
      <div className="cryo-overview__body">
        <ContentImage image={section.image} className="article__image" priority />
        <RichText html={section.intro} />
      </div>
    </SectionOverview>
  );
}
