import { FEEDBACK_PATH } from './feedback.ts';
import type { Translate } from './i18n/translate.ts';

/**
 * What a question through the feedback form is about: an event or a webinar of our own content, named in the URL by
 * its kind and slug only (`?about=event:<slug>`), never by free text. The page's loader resolves the title and date
 * from the content API; a page that has the item already (its detail page) gives them to the modal.
 */
export const ABOUT_PARAM = 'about';
export const ABOUT_KINDS = ['event', 'webinar'] as const;
export type AboutKind = (typeof ABOUT_KINDS)[number];

/**
 * The topic a question about taking part gets: «Общий вопрос» / "General question" (content-api feedback types have
 * no topic for events; the others are for data requests, site errors and partnerships).
 */
export const ABOUT_TOPIC_ID = 1;

/** An event or webinar as the form names it: its title and when it happens, as the locale writes them. */
export interface FeedbackAbout {
  kind: AboutKind;
  slug: string;
  title: string;
  when: string;
}

const ABOUT = /^(event|webinar):([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** `?about=` read: a kind and a slug, or null for anything else (free text included). */
export function parseAbout(value: string | null): { kind: AboutKind; slug: string } | null {
  const match = value && value.length <= 210 ? ABOUT.exec(value) : null;
  const kind = ABOUT_KINDS.find((k) => k === match?.[1]);
  return kind && match?.[2] ? { kind, slug: match[2] } : null;
}

/** The feedback page about an event or webinar (the link without JavaScript). */
export const aboutHref = ({ kind, slug }: Pick<FeedbackAbout, 'kind' | 'slug'>) =>
  `${FEEDBACK_PATH}?${ABOUT_PARAM}=${kind}:${slug}`;

/** The form's starting values for a question about an item: the topic chosen, the message begun with its name. */
export function aboutValues(about: FeedbackAbout, t: Translate) {
  return {
    feedback_type_id: String(ABOUT_TOPIC_ID),
    message: `${t(`form.about.${about.kind}`, { title: about.title, when: about.when })}\n`,
  };
}
