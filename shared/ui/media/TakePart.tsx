import { aboutHref, aboutValues, type FeedbackAbout } from '../../feedback-about.ts';
import { useI18n, useRootData } from '../../i18n/use-i18n.ts';
import { LOCALE_INFO } from '../../locales.ts';
import { DETAIL_ACTIONS } from '../DetailPage.tsx';
import { FeedbackLink } from '../feedback/FeedbackLink.tsx';

/**
 * What a visitor can do about an upcoming event or webinar (the actions of its `DetailPage`): register (the upstream's
 * form, else the feedback form to ask about taking part, started with the item's topic and name: in a modal, or
 * without JavaScript on the feedback page with `?about=`) and download its calendar file (a plain link: a file, not a
 * page, at the item's page address with `.ics`).
 */
export function TakePart({
  registrationUrl,
  to,
  about,
  labels,
}: {
  registrationUrl: string | null;
  /** the site path of the item's page */
  to: string;
  about: FeedbackAbout;
  labels: { register: string; askToJoin: string; addToCalendar: string };
}) {
  const { t, locale } = useI18n();
  const types = useRootData()?.feedbackTypes ?? [];
  return (
    <p className={DETAIL_ACTIONS}>
      {registrationUrl ? (
        <a href={registrationUrl} className="button">
          {labels.register}
        </a>
      ) : (
        <FeedbackLink
          types={types}
          label={labels.askToJoin}
          to={aboutHref(about)}
          className="button"
          initialValues={aboutValues(about, t)}
        />
      )}
      <a href={`${LOCALE_INFO[locale].basename}${to}.ics`} download>
        {labels.addToCalendar}
      </a>
    </p>
  );
}
