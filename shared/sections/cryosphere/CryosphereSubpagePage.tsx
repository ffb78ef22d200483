import { ContentImage } from '../../ui/ContentImage.tsx';
import { listTitle } from '../../ui/list-title.ts';
import type { cryosphereSubpageLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { CryosphereFiles } from './CryosphereFiles.tsx';
import { CardGrid } from '../../ui/CardGrid.tsx';

/**
 * A topic of the cryosphere section (`/glaciers`, …): its text, its articles and files. The trail goes through the
 * section's overview (`/cryosphere`, from the menu: Breadcrumbs.tsx), which holds the section's introduction.
 */
export function CryosphereSubpagePage() {
  const { subpage, files, filesMeta } = useLoaderData<typeof cryosphereSubpageLoader>();
  const { t } = useI18n();
  const title = listTitle(t, subpage.title, filesMeta);
  return (
    <div className="container page cryo">
      <Seo title={title} description={subpage.excerpt} />
      <PageHeader
        title={subpage.title}
        crumbs={[{ title: subpage.title }]}
        lead={subpage.excerpt ? <p className="cryo__lead">{subpage.excerpt}</p> : null}
      />
      <div className="cryo__main">
        <ContentImage image={subpage.image} className="article__image cryo__image" priority />
        <RichText html={subpage.body} />
      </div>

      <section className="section" aria-labelledby="cryo-items">
        <div className="section__head">
          <h2 id="cryo-items">{t('cryosphere.items')}</h2>
        </div>
        {subpage.items.length === 0 ? (
          <EmptyState>{t('cryosphere.itemsEmpty')}</EmptyState>
        ) : (
          <CardGrid>
            {subpage.items.map((item) => (
              <Card
                key={item.id}
                to={`/${subpage.slug}/${item.slug}`}
                title={item.title}
                image={item.image}
                excerpt={item.excerpt}
              />
            ))}
          </CardGrid>
        )}
      </section>

      <div className="section">
        <CryosphereFiles files={files} meta={filesMeta} headingId="cryo-files" />
      </div>
    </div>
  );
}
