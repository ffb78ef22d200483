import type { EventStatus } from './loaders.server.ts';
import { useI18n } from '../../i18n/use-i18n.ts';

export function EventStatusBadge({ status }: { status: EventStatus }) {
  const { t } = useI18n();
  return <span className={`event-badge event-badge--${status}`}>{t(`events.status.${status}`)}</span>;
}
