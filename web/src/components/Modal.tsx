import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { CloseIcon } from './icons';
import './Modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  /** The dialog's heading; it also names the dialog for assistive technology. */
  title: string;
  /** A short text under the title that describes the dialog. */
  intro?: ReactNode;
  onClose: () => void;
  /** Focused when the dialog opens; otherwise the first focusable element is. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Extra class for the dialog box (its width, its own layout). */
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog: backdrop click, Escape and the close button close it; Tab stays inside; the
 * page behind does not scroll; focus returns where it was. Mount it only while open.
 */
export function Modal({ title, intro, onClose, initialFocus, className, children }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const ids = { title: `modal${id}title`, intro: `modal${id}intro` };

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const first = initialFocus?.current ?? dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
    // Only on open: focus must not jump when the parent re-renders (initialFocus is read once).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Only the topmost dialog closes: a dialog opened over another closes alone.
      const open = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
      if (open.length > 0 && open[open.length - 1] !== dialogRef.current) return;
      onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  // Keeps Tab inside the dialog while it is modal.
  const trapFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={`modal${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={ids.title}
        aria-describedby={intro ? ids.intro : undefined}
        onKeyDown={trapFocus}
      >
        <button type="button" className="modal__close" aria-label="Cerrar" onClick={onClose}>
          <CloseIcon />
        </button>

        <h2 id={ids.title} className="modal__title">
          {title}
        </h2>
        {intro && (
          <p id={ids.intro} className="modal__intro">
            {intro}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
