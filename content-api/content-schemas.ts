import { z } from 'zod';
import { PaperSchema } from '../shared/schemas/glaciers.ts';

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
  /** HTML: <p>, <h2>, <h3>, <ul>/<ol>/<li>, <strong>, <em>, <a href>, <blockquote>, <span lang> only */
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
  /** https:// URL of the organisers' registration form, when there is one */
  registration_url: z.url().nullable().default(null),
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
  subitems: z
    .array(z.object({ id: z.number().int().positive(), url: z.string().startsWith('/'), title: Localized }))
    .default([]),
});

export const FeedbackTypeRecord = z.object({
  id: z.number().int().positive(),
  position: z.number().int(),
  title: Localized,
});

/** translations.json: key → { ru, en } */
export const TranslationsRecord = z.record(z.string(), Localized);

// ---- resources added for the full contract (SPEC §7) ----

const isoDate = z.iso.date();
/** HTML limited to <p>, <h2>, <h3>, <ul>/<ol>/<li>, <strong>, <em>, <blockquote>, <a href="https://…"> */
const richText = Localized;

export const CountryRecord = z.object({
  id: z.number().int().positive(),
  slug, // kazakhstan, kyrgyzstan, tajikistan, turkmenistan, uzbekistan
  code: z.string().length(2), // ISO 3166-1 alpha-2
  title: Localized,
});

export const LanguageRecord = z.object({
  id: z.number().int().positive(),
  code: z.string().min(2).max(3),
  title: Localized,
});

export const FileTypeRecord = z.object({ id: z.number().int().positive(), slug, title: Localized });

export const DatabaseFileRecord = z.object({
  id: z.number().int().positive(),
  slug,
  title: Localized,
  description: Localized,
  /** slug of a FileTypeRecord */
  type: slug,
  year: z.number().int().min(1950).max(2026),
  /** slug of a CountryRecord, or null for regional files */
  country: slug.nullable(),
  /** code of a LanguageRecord: the language the document is written in */
  language: z.string(),
  tags: z.array(slug).default([]),
  format: z.enum(['pdf', 'xlsx', 'csv', 'zip', 'docx', 'geojson']),
  size_bytes: z.number().int().positive(),
  /** slug of a CryosphereSubpageRecord when the file belongs to the cryosphere section */
  cryosphere: slug.nullable().default(null),
  published_at: isoDate,
  /**
   * slugs of the GlacierRecords whose annual mass-balance series the file is made from (files.ts); none: the file is
   * a sample the portal stands in with, marked as one in the file and in the API (`sample: true`)
   */
  glaciers: z.array(slug).default([]),
});

export const MethodRecord = z.object({
  id: z.number().int().positive(),
  slug,
  position: z.number().int(),
  image: MediaRef,
  title: Localized,
  excerpt: Localized,
  body: richText,
});

export const ToolRecord = z.object({
  id: z.number().int().positive(),
  slug,
  position: z.number().int(),
  /** site path (e.g. /resources/tools/wgms) or an https:// URL of a real public tool */
  url: z.string(),
  image: MediaRef,
  title: Localized,
  excerpt: Localized,
});

export const CountryProfileRecord = z.object({
  id: z.number().int().positive(),
  /** the CountryRecord slug */
  slug,
  image: MediaRef,
  title: Localized,
  excerpt: Localized,
  body: richText,
  /** short key facts shown beside the text; values as text with units */
  facts: z.array(z.object({ label: Localized, value: Localized })).default([]),
});

export const CryosphereRecord = z.object({ title: Localized, intro: richText, image: MediaRef });

export const CryosphereSubpageRecord = z.object({
  id: z.number().int().positive(),
  slug, // glaciers, snow-cover, permafrost, river-and-lake-ice, glacial-lakes
  position: z.number().int(),
  image: MediaRef,
  title: Localized,
  excerpt: Localized,
  body: richText,
  /** the subpage's items: /{subpage}/{item slug} */
  items: z
    .array(
      z.object({
        id: z.number().int().positive(),
        slug,
        image: MediaRef,
        title: Localized,
        excerpt: Localized,
        body: richText,
      }),
    )
    .default([]),
});

export const TeamRecord = z.object({
  id: z.number().int().positive(),
  position: z.number().int(),
  photo: MediaRef,
  name: Localized,
  role: Localized,
  organization: Localized,
  bio: Localized,
});

export const AboutRecord = z.object({ title: Localized, body: richText, image: MediaRef, sample_notice: Localized });

export const OpportunityCategoryRecord = z.object({ id: z.number().int().positive(), slug, title: Localized });

export const OpportunityRecord = z.object({
  id: z.number().int().positive(),
  slug,
  /** slug of an OpportunityCategoryRecord */
  category: slug,
  published_at: isoDateTime,
  deadline: isoDate.nullable(),
  title: Localized,
  organization: Localized,
  location: Localized,
  excerpt: Localized,
  body: richText,
});

export const VideoRecord = z.object({
  id: z.number().int().positive(),
  slug,
  published_at: isoDateTime,
  duration_s: z.number().int().positive(),
  poster: MediaRef,
  title: Localized,
  excerpt: Localized,
  body: richText,
});

export const PhotoGalleryRecord = z.object({
  id: z.number().int().positive(),
  slug,
  published_at: isoDateTime,
  title: Localized,
  excerpt: Localized,
  photos: z.array(z.object({ image: MediaRef, caption: Localized })).min(3),
});

export const PodcastRecord = z.object({
  id: z.number().int().positive(),
  slug,
  published_at: isoDateTime,
  duration_s: z.number().int().positive(),
  image: MediaRef,
  title: Localized,
  excerpt: Localized,
  body: richText,
  /** speakers' names as shown */
  speakers: z.array(Localized).default([]),
});

export const OnlineCourseRecord = z.object({
  id: z.number().int().positive(),
  slug,
  position: z.number().int(),
  image: MediaRef,
  title: Localized,
  provider: Localized,
  /** code of a LanguageRecord */
  language: z.string(),
  level: z.enum(['beginner', 'intermediate', 'advanced']),
  duration: Localized,
  excerpt: Localized,
  /** https:// URL of the real course page, or null when it is our own sample course */
  url: z.url().nullable(),
});

export const WebinarRecord = z.object({
  id: z.number().int().positive(),
  slug,
  starts_at: isoDateTime,
  duration_min: z.number().int().positive(),
  image: MediaRef,
  title: Localized,
  excerpt: Localized,
  body: richText,
  speakers: z.array(Localized).default([]),
  /** code of a LanguageRecord */
  language: z.string(),
  /** https:// URL of the registration form, when there is one */
  registration_url: z.url().nullable().default(null),
  /** https:// URL of the published recording, when there is one */
  recording_url: z.url().nullable().default(null),
});

/**
 * glaciers.json: WGMS Fluctuations of Glaciers figures with their sources, kept exactly as received, and beside them
 * whether WGMS designates the glacier a reference glacier (its list, not a count of years) and the papers of its
 * geodetic periods as readers cite them.
 */
export const GlacierRecord = z.object({
  id: z.number().int().positive(),
  slug,
  name: Localized,
  country_code: z.string().length(2),
  wgms_id: z.number().int().nullable(),
  /** one of WGMS's reference glaciers: long, continuous series used to follow regional and global trends */
  wgms_reference: z.boolean(),
  rgi_id: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  area_km2: z.number().nullable(),
  area_year: z.number().int().nullable(),
  /** where the coordinates come from (null: RGI with an RGI id, else Wikidata), as shared/schemas/glaciers.ts says */
  coordinates_source: z.enum(['rgi', 'wikidata', 'glims']).nullable().default(null),
  length_km: z.number().nullable().default(null),
  length_year: z.number().int().nullable().default(null),
  mass_balance: z.array(z.object({ year: z.number().int(), value_mm_we: z.number() })),
  elevation_change: z.array(
    z.object({
      period_start: z.number().int(),
      period_end: z.number().int(),
      value_m_per_year: z.number(),
      unit: z.string(),
      uncertainty: z.number().nullable().optional(),
      note: z.string().optional(),
      source: z.string(),
    }),
  ),
  /**
   * each paper a period's source names (`cited_as`: its note's `Author et al. YEAR`): its title, the journal with
   * volume and pages where known, and its DOI where known (never a copy's address)
   */
  /** `doi_source`: where a DOI the record's own sources do not give was read (provenance, never served) */
  papers: z.array(PaperSchema.extend({ doi_source: z.string().optional() })).default([]),
  /** what the papers found, for a glacier whose studies give no glacier-wide rate to list as a period */
  findings: z.array(z.object({ cited_as: z.string(), text: Localized })).default([]),
  /** the portal's own articles about the glacier */
  articles: z.array(z.object({ section: z.enum(['news']), slug })).default([]),
  /**
   * figures added to the WGMS record as received (../shared/data/glaciers.json): which fields (`record`: the whole
   * glacier), the source rows they were read from, verbatim, and their sources and cross-checks
   */
  added: z
    .object({
      fields: z.array(z.string()).min(1),
      source_rows: z.array(z.string()).min(1),
      sources: z.array(z.string()).min(1),
      notes: z.string(),
    })
    .optional(),
  notes: z.string(),
  sources: z.array(z.string()),
});
