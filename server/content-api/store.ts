import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Locale } from '../../shared/constants.ts';
import * as C from './content-schemas.ts';

/** Every content file, its schema, validated once at start. A broken file stops the content API with its name. */
const FILES = {
  tags: z.array(C.TagRecord),
  news: z.array(C.NewsRecord),
  events: z.array(C.EventRecord),
  sliders: z.array(C.SliderRecord),
  partners: z.array(C.PartnerRecord),
  'footer-partners': z.array(C.LinkRecord),
  'social-networks': z.array(C.LinkRecord),
  menu: z.array(C.MenuRecord),
  'feedback-types': z.array(C.FeedbackTypeRecord),
  translations: C.TranslationsRecord,
  countries: z.array(C.CountryRecord),
  languages: z.array(C.LanguageRecord),
  'database-file-types': z.array(C.FileTypeRecord),
  'database-files': z.array(C.DatabaseFileRecord),
  methods: z.array(C.MethodRecord),
  tools: z.array(C.ToolRecord),
  'country-profiles': z.array(C.CountryProfileRecord),
  cryosphere: C.CryosphereRecord,
  'cryosphere-subpages': z.array(C.CryosphereSubpageRecord),
  team: z.array(C.TeamRecord),
  about: C.AboutRecord,
  'opportunity-categories': z.array(C.OpportunityCategoryRecord),
  opportunities: z.array(C.OpportunityRecord),
  videos: z.array(C.VideoRecord),
  'photo-galleries': z.array(C.PhotoGalleryRecord),
  podcasts: z.array(C.PodcastRecord),
  'online-courses': z.array(C.OnlineCourseRecord),
  webinars: z.array(C.WebinarRecord),
  glaciers: z.array(C.GlacierRecord),
} as const;

export type ContentFile = keyof typeof FILES;
export type Content = { [K in ContentFile]: z.output<(typeof FILES)[K]> };

export function loadContent(dir: string): Content {
  const entries = Object.entries(FILES).map(([name, schema]) => {
    const file = join(dir, `${name}.json`);
    const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')) as unknown);
    if (!parsed.success) throw new Error(`Content file ${file} is invalid:\n${z.prettifyError(parsed.error)}`);
    return [name, parsed.data] as const;
  });
  return Object.fromEntries(entries) as Content;
}

export const localize = (text: C.Localized, locale: Locale) => text[locale];

import { isSceneFile, sceneAlt, sceneSize } from './scenes.ts';

export const mediaUrl = (file: string) => `/media/${file}`;

/**
 * An image reference in one locale. Generated illustrations (`*.jpg`, server/content-api/scenes.ts) get the size they
 * are drawn at and an alt text describing what the drawing shows; logos and icons keep the editor's alt text.
 */
export function image(ref: z.output<typeof C.MediaRef>, locale: Locale, width = 1200, height = 675) {
  if (isSceneFile(ref.file)) {
    return { url: mediaUrl(ref.file), alt: sceneAlt(ref.file, locale, ref.alt.en), ...sceneSize(ref.file) };
  }
  return { url: mediaUrl(ref.file), alt: ref.alt[locale], width, height };
}
