import type { ReactNode } from 'react';
import { AppLink } from './fast-paths/AppLink.tsx';
import { PageHeader } from './PageHeader.tsx';
import { Seo } from './Seo.tsx';

/** One subsection of a section's overview: where it is, its name and what a visitor finds there. */
export interface OverviewEntry {
  to: string;
  title: string;
  text: string;
}

/**
 * The page of a section that groups others (`/resources`, `/multimedia`, `/study`, `/countries`): a short intro and
 * a link to each subsection with a sentence on what it holds. The subsections' breadcrumbs go through it. `children`,
 * when given, come between the intro and the links (the cryosphere's longer introduction).
 */
export function SectionOverview({
  title,
  intro,
  entries,
  children,
}: {
  title: string;
  intro: string;
  entries: readonly OverviewEntry[];
  children?: ReactNode;
}) {
  return (
    <div className="container page overview">
      <Seo title={title} description={intro} />
      <PageHeader title={title} crumbs={[{ title }]} lead={<p className="overview__intro">{intro}</p>} />
      {children}
      <ul className="overview__list">
        {entries.map((entry) => (
          <li key={entry.to} className="overview__item">
            <h2 className="overview__title">
              <AppLink to={entry.to}>{entry.title}</AppLink>
            </h2>
            <p className="overview__text">{entry.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
