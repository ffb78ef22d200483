import { useState, type ComponentType } from 'react';
import { AppLink } from '../fast-paths/AppLink.tsx';
import { FEEDBACK_PATH } from '../../feedback.ts';
import type { FeedbackType } from '../../schemas/feedback.ts';
import { reportError } from '../report.ts';
import type { FeedbackDialogProps } from './FeedbackDialog.tsx';

type Dialog = ComponentType<FeedbackDialogProps>;
let dialog: Promise<Dialog> | undefined;
/**
 * The modal and the form are a chunk of their own (off the first load, ADR 0076): fetched when the pointer or focus
 * reaches the button, so it is usually there by the time of the click. A failed load is tried again next time.
 */
const loadDialog = () =>
  (dialog ??= import('./FeedbackDialog.tsx').then(
    (module) => module.FeedbackDialog,
    (err: unknown) => {
      dialog = undefined;
      throw err;
    },
  ));
const warmDialog = () => void loadDialog().catch(() => {});

/**
 * A link to the feedback form (the footer's; an event's or webinar's «ask about taking part»): opens the form in a modal. Each
 * opening mounts a fresh form, started with `initialValues`. Without JavaScript, or when the form's code cannot be
 * loaded, it is a link to the feedback page (`to`), which has the same form started the same way.
 */
export function FeedbackLink({
  types,
  label,
  to = FEEDBACK_PATH,
  className = 'button button--light feedback-button',
  initialValues,
}: {
  types: FeedbackType[];
  label: string;
  to?: string;
  className?: string;
  initialValues?: FeedbackDialogProps['initialValues'];
}) {
  const [opened, setOpened] = useState(0);
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<Dialog | null>(null);
  return (
    <>
      <AppLink
        to={to}
        role="button"
        aria-haspopup="dialog"
        className={className}
        onPointerEnter={warmDialog}
        onFocus={warmDialog}
        onClick={(e) => {
          e.preventDefault();
          const href = e.currentTarget.href;
          setOpened((n) => n + 1);
          setOpen(true);
          loadDialog().then(
            (component) => setDialog(() => component),
            (err: unknown) => {
              reportError('feedback form failed to load', err);
              window.location.assign(href);
            },
          );
        }}
      >
        {label}
      </AppLink>
      {Dialog ? (
        <Dialog
          open={open}
          opened={opened}
          types={types}
          initialValues={initialValues}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
