import { z } from 'zod';

/**
 * Shapes of the content files under content/: every text field carries both locales. The API localizes them into
 * the response schemas of shared/schemas by Accept-Language.
 */
export const Localized = z.object({ ru: z.string().min(1), en: z.string().min(1) });
export type Localized = z.infer<typeof Localized>;

/** A media file name under the media path (generated artwork), with alt text per locale. */
export const MediaRef = z.object({ file: z.string().regex(/^[a-z0-9-]+\.(svg|webp|png|jpg)$/), alt: Localized });

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const isoDateTime = z.iso.datetime({ offset: true });

export const TagRecord = z.object({ id: z.number().int().positive(), slug, title: Localized });

export const NewsRecord = z.object({
  id: z.number().int().positive(),
  slug,
  published_at: isoDateTime,
  image: MediaRef,
  tags: z.array(slug).default([]),
  title: Localized,
  excerpt: Localized,
  /** HTML: <p>, <h2>, <h3>, <ul>/<ol>/<li>, <strong>, <em>, <a href>, <blockquote> only */
  body: Localized,
});

export const EventRecord = z.object({
  id: z.number().int().positive(),
  slug,
  starts_at: isoDateTime,
  ends_at: isoDateTime.nullable(),
  image: MediaRef,
  title: Localized,
  location: Localized,
  excerpt: Localized,
  body: Localized,
});

export const SliderRecord = z.object({
  id: z.number().int().positive(),
  position: z.number().int(),
  url: z.string().nullable(),
  image: MediaRef,
  title: Localized,
  subtitle: Localized,
});

export const PartnerRecord = z.object({
  id: z.number().int().positive(),
  position: z.number().int(),
  url: z.url(),
  image: z.string(),
  title: Localized,
  description: Localized,
});

export const LinkRecord = z.object({
  id: z.number().int().positive(),
  position: z.number().int(),
  url: z.string(),
  image: z.string(),
  title: Localized,
});

export const MenuRecord = z.object({
  id: z.number().int().positive(),
  url: z.string().startsWith('/'),
  title: Localized,
  subitems: z.array(z.object({ id: z.number().int().positive(), url: z.string().startsWith('/'), title: Localized })).default([]),
});

export const FeedbackTypeRecord = z.object({ id: z.number().int().positive(), position: z.number().int(), title: Localized });

/** translations.json: key → { ru, en } */
export const TranslationsRecord = z.record(z.string(), Localized);
