import { AppLink } from '../fast-paths/AppLink.tsx';

/**
 * What a visitor can do about an upcoming event or webinar: register (the upstream's form, else the feedback page to
 * ask about taking part) and download its calendar file (a plain link: a file, not a page).
 */
export function TakePart({
  className,
  registrationUrl,
  calendarHref,
  labels,
}: {
  className: string;
  registrationUrl: string | null;
  calendarHref: string;
  labels: { register: string; askToJoin: string; addToCalendar: string };
}) {
  return (
    <p className={className}>
      {registrationUrl ? (
        <a href={registrationUrl} className="button">
          {labels.register}
        </a>
      ) : (
        <AppLink to="/feedback" className="button">
          {labels.askToJoin}
        </AppLink>
      )}
      <a href={calendarHref} download>
        {labels.addToCalendar}
      </a>
    </p>
  );
}
