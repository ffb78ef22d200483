/** The feedback page started about an event or webinar: `?about=event:<slug>` / `?about=webinar:<slug>`. */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../helpers/app.ts';
import { pinDate, pinnedClock } from '../../helpers/clock.ts';
import { content } from '../../helpers/content.ts';
import { esc, LOCALES, mainOf, prefix } from '../../helpers/html.ts';

// the event and the webinar are upcoming at the pinned time, so their pages offer «Спросить об участии»
pinDate();
const { get } = await startTestApp({ clock: pinnedClock });

/** The topic a question about taking part gets (content-api/content/feedback-types.json: «Общий вопрос»). */
const topic = content['feedback-types'].find((type) => type.id === 1)!;
const event = content.events.find((e) => e.slug === 'winter-school-remote-sensing-snow-ice-2027')!;
const webinar = content.webinars.find((w) => w.slug === 'webinar-rock-glaciers-from-space')!;

/** What the form shows: the selected topic's option (null for «Выберите тему») and the message's text. */
function formOf(html: string) {
  const main = mainOf(html);
  const selected = /<option value="([^"]+)" selected="">([^<]*)<\/option>/.exec(main);
  const message = /<textarea[^>]*>([^<]*)<\/textarea>/.exec(main);
  return { selected: selected ? [selected[1], selected[2]] : null, message: message?.[1] ?? null };
}

/** The days of a range are kept together with no-break spaces, as the events list writes them. */
const expected = {
  ru: {
    event: `Вопрос о мероприятии «${event.title.ru}» (25–29\u00a0января 2027\u00a0г.):`,
    webinar: `Вопрос о вебинаре «${webinar.title.ru}» (8\u00a0октября 2026\u00a0г., 10:00 UTC):`,
  },
  en: {
    event: `A question about the event “${event.title.en}” (25–29\u00a0January 2027):`,
    webinar: `A question about the webinar “${webinar.title.en}” (8\u00a0October 2026, 10:00 UTC):`,
  },
};

describe('the feedback page about an event or webinar', () => {
  for (const locale of LOCALES) {
    it.each([
      ['event', event.slug],
      ['webinar', webinar.slug],
    ] as const)(
      `${prefix(locale) || '/'}: a %s chooses the topic and starts the message with its title and date`,
      async (kind, slug) => {
        const res = await get(`${prefix(locale)}/feedback?about=${kind}:${slug}`);
        expect(res.statusCode).toBe(200);
        expect(formOf(res.body)).toEqual({
          selected: [String(topic.id), esc(topic.title[locale])],
          message: `${esc(expected[locale][kind])}\n`,
        });
      },
    );
  }

  it.each([
    ['an unknown slug', 'event:no-such-event'],
    ['a webinar slug named as an event', `event:${webinar.slug}`],
    ['free text', 'event:Хочу участвовать'],
    ['free text after a slug', `event:${event.slug} please`],
    ['an unknown kind', `course:${event.slug}`],
    ['a bare slug', event.slug],
  ])('ignores %s: the form starts empty', async (_, about) => {
    const res = await get(`/feedback?about=${encodeURIComponent(about)}`);
    expect(res.statusCode).toBe(200);
    expect(formOf(res.body)).toEqual({ selected: null, message: '' });
  });
});
