import type { ReactNode } from 'react';
import { AppLink } from './fast-paths/AppLink.tsx';
import type { Image } from '../schemas/common.ts';
import { ContentImage } from './ContentImage.tsx';
import { RenderOnce } from './fast-paths/RenderOnce.tsx';

export interface CardProps {
  /** site path without the locale prefix, or an https:// URL (opens in a new tab) */
  to: string;
  title: string;
  image?: Image | null;
  /** a line above the title: date, type, category */
  kicker?: ReactNode;
  excerpt?: string;
  /** anything below the excerpt: tags, duration, location */
  footer?: ReactNode;
  headingLevel?: 2 | 3;
  /** the page's largest image above the fold (its LCP element): loaded eagerly with high priority; others stay lazy */
  priority?: boolean;
  /**
   * the object the card is made of (an item of the upstream cache, the same object while it is cached) and what else
   * its markup depends on (locale, heading level …): the server then renders the card once per both (RenderOnce)
   */
  reuse?: { source: object; key: string };
}

/** The one card of the site: the whole card is clickable through the title link (keyboard: one tab stop). */
export function Card({
  to,
  title,
  image,
  kicker,
  excerpt,
  footer,
  headingLevel = 3,
  priority = false,
  reuse,
}: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const external = /^https?:\/\//.test(to);
  return (
    <RenderOnce as="article" className="card" source={reuse?.source} cacheKey={reuse?.key ?? ''}>
      <ContentImage
        className="card__image"
        image={image}
        priority={priority}
        maxWidth={480}
        sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
      />
      <div className="card__body">
        {kicker ? <div className="card__date">{kicker}</div> : null}
        <Heading className="card__title">
          {external ? (
            <a href={to} className="card__link" target="_blank" rel="noopener noreferrer">
              {title}
            </a>
          ) : (
            <AppLink to={to} className="card__link">
              {title}
            </AppLink>
          )}
        </Heading>
        {excerpt ? <p className="card__excerpt">{excerpt}</p> : null}
        {footer}
      </div>
    </RenderOnce>
  );
}
