import type { FeedbackType } from '../../schemas/feedback.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { Modal } from '../Modal.tsx';
import { FeedbackForm, type FeedbackFormProps } from './FeedbackForm.tsx';

export interface FeedbackDialogProps {
  open: boolean;
  /** how many times the dialog was opened: each opening mounts a fresh form */
  opened: number;
  types: FeedbackType[];
  /** what the form starts with (a question about an event or webinar) */
  initialValues?: FeedbackFormProps['initialValues'];
  onClose: () => void;
}

/** The feedback form in a modal (the footer's, an event's or a webinar's): a chunk of its own, loaded by FeedbackButton when the visitor shows intent. */
export function FeedbackDialog({ open, opened, types, initialValues, onClose }: FeedbackDialogProps) {
  const { t } = useI18n();
  return (
    <Modal open={open} title={t('form.title')} closeLabel={t('form.close')} onClose={onClose}>
      <FeedbackForm key={opened} types={types} initialValues={initialValues} />
    </Modal>
  );
}
