import { aboutHref, aboutValues, type FeedbackAbout } from '../../feedback-about.ts';
import { useI18n, useRootData } from '../../i18n/use-i18n.ts';
import { FeedbackLink } from '../feedback/FeedbackLink.tsx';

/**
 * What a visitor can do about an upcoming event or webinar: register (the upstream's form, else the feedback form to
 * ask about taking part, started with the item's topic and name: in a modal, or without JavaScript on the feedback
 * page with `?about=`) and download its calendar file (a plain link: a file, not a page).
 */
export function TakePart({
  className,
  registrationUrl,
  calendarHref,
  about,
  labels,
}: {
  className: string;
  registrationUrl: string | null;
  calendarHref: string;
  about: FeedbackAbout;
  labels: { register: string; askToJoin: string; addToCalendar: string };
}) {
  const { t } = useI18n();
  const types = useRootData()?.feedbackTypes ?? [];
  return (
    <p className={className}>
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
      <a href={calendarHref} download>
        {labels.addToCalendar}
      </a>
    </p>
  );
}
