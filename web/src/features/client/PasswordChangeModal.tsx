import { useState, type FormEvent } from 'react';
import { Modal } from '../../components/Modal';
import { PasswordInput } from '../../components/PasswordInput';
import * as api from '../../lib/api';
import type { PasswordChangeRequest } from '../../lib/api';
import { showAlert } from '../../lib/browser';
import { actionError, NEW_PASSWORD_MIN, PROFILE_MESSAGES, validatePasswordChange } from './profile';

const EMPTY: PasswordChangeRequest = { current_password: '', new_password: '', confirm_password: '' };

/** §2 password change: current, new and confirmation, each with show/hide. */
export function PasswordChangeModal({ onClose }: { onClose: () => void }) {
  const [fields, setFields] = useState<PasswordChangeRequest>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const update = (key: keyof PasswordChangeRequest) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePasswordChange(fields);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const response = await api.changePassword(fields);
      if (response.ok && response.body?.success) {
        showAlert(PROFILE_MESSAGES.passwordChanged);
        onClose();
        return;
      }
      showAlert(actionError(response.body?.error));
    } catch {
      showAlert(PROFILE_MESSAGES.network);
    }
    setSaving(false);
  };

  return (
    <Modal
      title="Cambiar contraseña"
      intro="Escribe tu contraseña actual y la nueva dos veces. Las demás sesiones abiertas se cerrarán."
      onClose={onClose}
      className="client-modal"
    >
      <form className="form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="form__field">
          <label className="form__label" htmlFor="password-current">
            Contraseña actual
          </label>
          <PasswordInput
            id="password-current"
            value={fields.current_password}
            onChange={update('current_password')}
            autoComplete="current-password"
            disabled={saving}
          />
        </div>
        <div className="form__field">
          <label className="form__label" htmlFor="password-new">
            Nueva contraseña
          </label>
          <PasswordInput
            id="password-new"
            value={fields.new_password}
            onChange={update('new_password')}
            autoComplete="new-password"
            disabled={saving}
          />
          <p className="client-hint">Al menos {NEW_PASSWORD_MIN} caracteres.</p>
        </div>
        <div className="form__field">
          <label className="form__label" htmlFor="password-confirm">
            Confirmar nueva contraseña
          </label>
          <PasswordInput
            id="password-confirm"
            value={fields.confirm_password}
            onChange={update('confirm_password')}
            autoComplete="new-password"
            disabled={saving}
          />
        </div>

        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}

        <div className="client-modal__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={saving}>
            Cancelar
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Guardando...' : 'Cambiar contraseña'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
