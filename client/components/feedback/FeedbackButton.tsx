import { useState } from 'react';
import { Link } from 'react-router';
import { FEEDBACK_PATH } from '../../../shared/feedback.ts';
import type { FeedbackType } from '../../../shared/schemas/feedback.ts';
import { useI18n } from '../../i18n.ts';
import { Modal } from '../Modal.tsx';
import { FeedbackForm } from './FeedbackForm.tsx';

/**
 * The footer's feedback button: opens the form in a modal. Each opening mounts a fresh form. Without JavaScript it
 * is a link to the feedback page, which has the same form.
 */
export function FeedbackButton({ types }: { types: FeedbackType[] }) {
  const { t } = useI18n();
  const [opened, setOpened] = useState(0);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        to={FEEDBACK_PATH}
        role="button"
        aria-haspopup="dialog"
        className="button button--light feedback-button"
        onClick={(e) => {
          e.preventDefault();
          setOpened((n) => n + 1);
          setOpen(true);
        }}
      >
        {t('footer.feedback')}
      </Link>
      <Modal open={open} title={t('form.title')} closeLabel={t('form.close')} onClose={() => setOpen(false)}>
        <FeedbackForm key={opened} types={types} />
      </Modal>
    </>
  );
}
