import type { FeedbackType } from '../../schemas/feedback.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { Modal } from '../Modal.tsx';
import { FeedbackForm } from './FeedbackForm.tsx';

export interface FeedbackDialogProps {
  open: boolean;
  /** how many times the dialog was opened: each opening mounts a fresh form */
  opened: number;
  types: FeedbackType[];
  onClose: () => void;
}

/** The footer's feedback form in a modal: a chunk of its own, loaded by FeedbackButton when the visitor shows intent. */
export function FeedbackDialog({ open, opened, types, onClose }: FeedbackDialogProps) {
  const { t } = useI18n();
  return (
    <Modal open={open} title={t('form.title')} closeLabel={t('form.close')} onClose={onClose}>
      <FeedbackForm key={opened} types={types} />
    </Modal>
  );
}
