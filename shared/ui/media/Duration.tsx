import type { Translate } from '../../i18n/translate.ts';
import { useI18n } from '../../i18n/use-i18n.ts';

/** Whole minutes of a duration: at least one for anything longer than zero. */
function minutesOf(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.max(1, Math.round(seconds / 60));
}

/** `1 h 05 min` / `25 min` (`1 ч 05 мин` / `25 мин`). */
export function formatDuration(seconds: number, t: Translate): string {
  const total = minutesOf(seconds);
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return t('media.duration.minutes', { m });
  return t('media.duration.hoursMinutes', { h, mm: String(m).padStart(2, '0') });
}

/** The machine-readable form for `<time dateTime>`: `PT1H5M`, `PT25M`. */
export function isoDuration(seconds: number): string {
  const total = minutesOf(seconds);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}

/** A duration given in seconds, as `<time>`. */
export function Duration({ seconds, className = 'duration' }: { seconds: number; className?: string }) {
  const { t } = useI18n();
  return (
    <time className={className} dateTime={isoDuration(seconds)}>
      {formatDuration(seconds, t)}
    </time>
  );
}
