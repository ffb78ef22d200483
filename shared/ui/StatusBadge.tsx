import type { ScheduleStatus } from '../schedule-status.server.ts';
import { useI18n } from '../i18n/use-i18n.ts';

/**
 * The one status badge of the site: whether an event or a webinar is upcoming, ongoing or past, in one wording
 * everywhere (lists, detail pages, home). The status comes from the loader (`scheduleStatus`), never the browser's
 * clock, so the document and the hydrated page agree.
 */
export function StatusBadge({ status }: { status: ScheduleStatus }) {
  const { t } = useI18n();
  return <span className={`status-badge status-badge--${status}`}>{t(`status.${status}`)}</span>;
}
