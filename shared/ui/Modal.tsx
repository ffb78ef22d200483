import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useEscape } from './hooks/use-escape.ts';
import { useFocusTrap } from './hooks/use-focus-trap.ts';
import { useScrollLock } from './hooks/use-scroll-lock.ts';

interface ModalProps {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog (role="dialog", aria-modal): focus moves in and is trapped, Escape, the close button and a click on the
 * overlay close it, page scrolling is locked meanwhile, and focus returns to the opener afterwards.
 */
export function Modal({ open, title, closeLabel, onClose, children }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useScrollLock(open);
  useFocusTrap(dialog, open);
  useEscape(open, onClose);
  if (!open) return null;
  return createPortal(
    <div className="modal" onPointerDown={(e) => e.target === e.currentTarget && onClose()} data-testid="modal-overlay">
      <div
        ref={dialog}
        className="modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" onClick={onClose} aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
