import type { FeedbackType } from '../../schemas/feedback.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { FeedbackLink } from './FeedbackLink.tsx';

/** The footer's feedback button: the form in a modal, or without JavaScript the feedback page (`FeedbackLink`). */
export function FeedbackButton({ types }: { types: FeedbackType[] }) {
  const { t } = useI18n();
  return <FeedbackLink types={types} label={t('footer.feedback')} />;
}
