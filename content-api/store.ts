import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Locale } from '../shared/constants.ts';
import * as C from './content-schemas.ts';
import { isSceneFile, sceneAlt, sceneSize } from './scenes.ts';

/** Every content file and its schema. A broken file stops the content API at start with its name. */
const FILES = {
  tags: z.array(C.SlugTitleRecord),
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
  'database-file-types': z.array(C.SlugTitleRecord),
  'database-files': z.array(C.DatabaseFileRecord),
  methods: z.array(C.MethodRecord),
  tools: z.array(C.ToolRecord),
  'country-profiles': z.array(C.CountryProfileRecord),
  cryosphere: C.CryosphereRecord,
  'cryosphere-subpages': z.array(C.CryosphereSubpageRecord),
  team: z.array(C.TeamRecord),
  about: C.AboutRecord,
  'opportunity-categories': z.array(C.SlugTitleRecord),
  opportunities: z.array(C.OpportunityRecord),
  videos: z.array(C.VideoRecord),
  'photo-galleries': z.array(C.PhotoGalleryRecord),
  podcasts: z.array(C.PodcastRecord),
  'online-courses': z.array(C.OnlineCourseRecord),
  webinars: z.array(C.WebinarRecord),
  glaciers: z.array(C.GlacierRecord),
} as const;

const ContentSchema = z.object(FILES);
/** A content file's name: `{name}.json` in the content folder. */
export const ContentFile = ContentSchema.keyof();
export type ContentFile = z.output<typeof ContentFile>;
export type Content = { [K in ContentFile]: z.output<(typeof FILES)[K]> };
/** Every content file, in the order of FILES. */
export const CONTENT_FILES = ContentFile.options;

/** FILES seen through each file's output type, so one file's parse is typed by its name. */
const schemas: { readonly [K in ContentFile]: z.ZodType<Content[K]> } = FILES;

const contentPath = (dir: string, name: ContentFile) => join(dir, `${name}.json`);

function readJson(dir: string, name: ContentFile): unknown {
  const file = contentPath(dir, name);
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`Content file ${file} is not JSON: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
}

export function loadContent(dir: string): Content {
  const raw = Object.fromEntries(CONTENT_FILES.map((name) => [name, readJson(dir, name)]));
  const parsed = ContentSchema.safeParse(raw);
  if (!parsed.success) {
    const first = ContentFile.safeParse(parsed.error.issues[0]?.path[0]);
    const where = first.success ? contentPath(dir, first.data) : dir;
    throw new Error(`Content file ${where} is invalid:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** One content file, validated as at start (the editor's loop reloads files one by one). Throws naming the file. */
export function loadContentFile<F extends ContentFile>(dir: string, name: F): Content[F] {
  const parsed = schemas[name].safeParse(readJson(dir, name));
  if (!parsed.success) {
    throw new Error(`Content file ${contentPath(dir, name)} is invalid:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

export const mediaUrl = (file: string) => `/media/${file}`;

/**
 * An image reference in one locale, at the size its name says (content-api/scenes.ts). Generated illustrations
 * (`*.jpg`) get an alt text describing what the drawing shows; logos and icons keep the editor's alt text.
 */
export const image = (ref: z.output<typeof C.MediaRef>, locale: Locale) => ({
  url: mediaUrl(ref.file),
  alt: isSceneFile(ref.file) ? sceneAlt(ref.file, locale, ref.alt.en) : ref.alt[locale],
  ...sceneSize(ref.file),
});
