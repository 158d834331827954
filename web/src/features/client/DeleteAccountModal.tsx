import { useState, type FormEvent } from 'react';
import { Modal } from '../../components/Modal';
import { PasswordInput } from '../../components/PasswordInput';
import * as api from '../../lib/api';
import { showAlert } from '../../lib/browser';
import { actionError, PROFILE_MESSAGES, validateDeletion } from './profile';

interface DeleteAccountModalProps {
  email: string;
  onClose: () => void;
  /** The server deleted the account and ended the session. */
  onDeleted: () => void;
}

/** §2 account deletion, confirmed with the password (§5). */
export function DeleteAccountModal({ email, onClose, onDeleted }: DeleteAccountModalProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateDeletion(password);
    setError(problem);
    if (problem) return;
    setDeleting(true);
    try {
      const response = await api.deleteAccount(password, email);
      if (response.ok && response.body?.success) {
        showAlert(PROFILE_MESSAGES.accountDeleted);
        onDeleted();
        return;
      }
      showAlert(actionError(response.body?.error));
    } catch {
      showAlert(PROFILE_MESSAGES.network);
    }
    setDeleting(false);
  };

  return (
    <Modal title="Eliminar cuenta" intro="Esta acción no se puede deshacer." onClose={onClose} className="client-modal">
      <div className="client-modal__explain">
        <p>Al eliminar tu cuenta se borran:</p>
        <ul>
          <li>tus datos personales y de contacto,</li>
          <li>tus preferencias de comunicación,</li>
          <li>tu acceso a esta área de cliente.</li>
        </ul>
        <p>
          Tus mudanzas y facturas se conservan de forma anónima durante el plazo legal (la duración del contrato más 6
          años), sin ningún dato que te identifique.
        </p>
      </div>

      <form className="form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="form__field">
          <label className="form__label" htmlFor="delete-password">
            Contraseña
          </label>
          <PasswordInput
            id="delete-password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              setError(null);
            }}
            autoComplete="current-password"
            disabled={deleting}
            invalid={error !== null}
          />
          <p className="client-hint">Escribe tu contraseña para confirmar.</p>
        </div>

        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}

        <div className="client-modal__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={deleting}>
            Cancelar
          </button>
          <button type="submit" className="button client-button--danger" disabled={deleting}>
            {deleting ? 'Eliminando...' : 'Eliminar mi cuenta'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
