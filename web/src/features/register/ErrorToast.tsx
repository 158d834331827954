import { useEffect } from 'react';
import { CloseIcon } from '../../components/icons';

/** §9: the register error toast hides itself after 5 s. */
export const TOAST_MS = 5000;

export interface ToastMessage {
  /** Changes with every new error, so the same text shown twice restarts the 5 s. */
  id: number;
  text: string;
}

interface ErrorToastProps {
  toast: ToastMessage | null;
  onClose: () => void;
}

/** §8: an error toast that disappears after 5 s and can be closed earlier. */
export function ErrorToast({ toast, onClose }: ErrorToastProps) {
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(onClose, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast, onClose]);

  return (
    <div className="register-toast-region">
      {toast && (
        <div className="register-toast" role="alert" key={toast.id}>
          <p className="register-toast__text">{toast.text}</p>
          <button type="button" className="register-toast__close" aria-label="Cerrar aviso" onClick={onClose}>
            <CloseIcon width={18} height={18} />
          </button>
        </div>
      )}
    </div>
  );
}
