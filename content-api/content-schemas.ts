import { z } from 'zod';
import { CryosphereSubpageSchema } from '../shared/schemas/cryosphere.ts';
import { FeedbackTypeSchema } from '../shared/schemas/feedback.ts';
import { FooterPartnerSchema } from '../shared/schemas/footer.ts';
import { GlacierSchema, PaperSchema } from '../shared/schemas/glaciers.ts';
import { MenuItemSchema, MenuSubitemSchema } from '../shared/schemas/menu.ts';
import { PartnerSchema } from '../shared/schemas/partners.ts';
import { MethodSchema, TeamMemberSchema, ToolSchema } from '../shared/schemas/resources.ts';
import { SliderSchema } from '../shared/schemas/sliders.ts';
import { OnlineCourseSchema } from '../shared/schemas/study.ts';
import { CountrySchema, LanguageSchema, TagSchema } from '../shared/schemas/taxonomy.ts';

/**
 * Shapes of the content files under content/: every text field carries both locales. The API localizes them into
 * the response schemas of shared/schemas by Accept-Language. A record whose other fields the answer has as they are
 * (an editor's position, a course's level) extends the answer's shared schema.
 */
export const Localized = z.object({ ru: z.string().min(1), en: z.string().min(1) });
export type Localized = z.infer<typeof Localized>;

/** The name of a media file (generated artwork, or an editor's file in `media/`); its extension is group 1. */
export const MEDIA_FILE = /^[a-z0-9-]+\.(svg|webp|png|jpg)$/;
/** A media file name under the media path, with alt text per locale. */
export const MediaRef = z.object({ file: z.string().regex(MEDIA_FILE), alt: Localized });

const id = z.number().int().positive();
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A record of id, slug and title: tags, database file types and opportunity categories, as their shared schemas
 * (`TagSchema`, `FileTypeSchema`, `OpportunityCategorySchema`, all one shape) with the title in both locales.
 */
export const SlugTitleRecord = TagSchema.extend({ id, slug, title: Localized });

export const NewsRecord = z.object({
  id,
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
  id,
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

export const SliderRecord = SliderSchema.extend({ id, image: MediaRef, title: Localized, subtitle: Localized });

export const PartnerRecord = PartnerSchema.extend({ id, url: z.url(), title: Localized, description: Localized });

/** Footer partners and social networks (one shared schema): the title in both locales. */
export const LinkRecord = FooterPartnerSchema.extend({ id, title: Localized });

const sitePath = z.string().startsWith('/');
export const MenuRecord = MenuItemSchema.extend({
  id,
  url: sitePath,
  title: Localized,
  subitems: z.array(MenuSubitemSchema.extend({ id, url: sitePath, title: Localized })).default([]),
});

export const FeedbackTypeRecord = FeedbackTypeSchema.extend({ id, title: Localized });

/** translations.json: key → { ru, en } */
export const TranslationsRecord = z.record(z.string(), Localized);

// ---- resources added for the full contract (SPEC §7) ----

const isoDate = z.iso.date();
/** HTML limited to <p>, <h2>, <h3>, <ul>/<ol>/<li>, <strong>, <em>, <blockquote>, <a href="https://…"> */
const richText = Localized;

export const CountryRecord = CountrySchema.extend({
  id,
  slug, // kazakhstan, kyrgyzstan, tajikistan, turkmenistan, uzbekistan
  code: z.string().length(2), // ISO 3166-1 alpha-2
  title: Localized,
});

export const LanguageRecord = LanguageSchema.extend({ id, code: z.string().min(2).max(3), title: Localized });

export const DatabaseFileRecord = z.object({
  id,
  slug,
  title: Localized,
  description: Localized,
  /** slug of a database file type (a SlugTitleRecord) */
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

export const MethodRecord = MethodSchema.extend({
  id,
  slug,
  image: MediaRef,
  title: Localized,
  excerpt: Localized,
  body: richText,
});

/** `url`: a site path (e.g. /resources/tools/wgms) or an https:// URL of a real public tool */
export const ToolRecord = ToolSchema.extend({
  id,
  slug,
  image: MediaRef,
  title: Localized,
  excerpt: Localized,
});

export const CountryProfileRecord = z.object({
  id,
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

export const CryosphereSubpageRecord = CryosphereSubpageSchema.extend({
  id,
  slug, // glaciers, snow-cover, permafrost, river-and-lake-ice, glacial-lakes
  image: MediaRef,
  title: Localized,
  excerpt: Localized,
  body: richText,
  /** the subpage's items: /{subpage}/{item slug} */
  items: z
    .array(
      z.object({
        id,
        slug,
        image: MediaRef,
        title: Localized,
        excerpt: Localized,
        body: richText,
      }),
    )
    .default([]),
});

export const TeamRecord = TeamMemberSchema.extend({
  id,
  photo: MediaRef,
  name: Localized,
  role: Localized,
  organization: Localized,
  bio: Localized,
});

export const AboutRecord = z.object({ title: Localized, body: richText, image: MediaRef, sample_notice: Localized });

export const OpportunityRecord = z.object({
  id,
  slug,
  /** slug of an opportunity category (a SlugTitleRecord) */
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
  id,
  slug,
  published_at: isoDateTime,
  duration_s: z.number().int().positive(),
  poster: MediaRef,
  title: Localized,
  excerpt: Localized,
  body: richText,
});

export const PhotoGalleryRecord = z.object({
  id,
  slug,
  published_at: isoDateTime,
  title: Localized,
  excerpt: Localized,
  photos: z.array(z.object({ image: MediaRef, caption: Localized })).min(3),
});

export const PodcastRecord = z.object({
  id,
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

export const OnlineCourseRecord = OnlineCourseSchema.extend({
  id,
  slug,
  image: MediaRef,
  title: Localized,
  provider: Localized,
  /** code of a LanguageRecord */
  language: z.string(),
  duration: Localized,
  excerpt: Localized,
  /** https:// URL of the real course page, or null when it is our own sample course */
  url: z.url().nullable(),
});

export const WebinarRecord = z.object({
  id,
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
 * geodetic periods as readers cite them. The fields the API serves as they are (WGMS and RGI ids, position, area,
 * length, the reference designation, the articles) are the shared GlacierSchema's.
 */
export const GlacierRecord = GlacierSchema.omit({ mass_balance_years: true, elevation_change_periods: true }).extend({
  id,
  slug,
  name: Localized,
  country_code: z.string().length(2),
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
