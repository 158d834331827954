import { useState, type FormEvent } from 'react';
import { Modal } from '../../components/Modal';
import type { MoveStatus, StaffMove } from '../../lib/api';
import { showAlert } from '../../lib/browser';
import { STATUS_TONES } from '../../lib/staffMoves';
import { WORKER_STATUSES } from './moves';
import { MOVE_STATUS_LABELS } from '../../lib/options';

export const STATUS_ERROR = 'Error al actualizar el estado. Por favor, inténtalo de nuevo.';

interface StatusModalProps {
  move: StaffMove;
  onSave: (estado: MoveStatus) => Promise<boolean>;
  onClose: () => void;
}

export function StatusModal({ move, onSave, onClose }: StatusModalProps) {
  const [selected, setSelected] = useState<MoveStatus | null>(
    WORKER_STATUSES.includes(move.estado) ? move.estado : null,
  );
  const [saving, setSaving] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (selected === null || selected === move.estado) return;
    setSaving(true);
    const saved = await onSave(selected);
    if (saved) {
      onClose();
      return;
    }
    setSaving(false);
    showAlert(STATUS_ERROR);
  };

  return (
    <Modal
      title="Cambiar estado"
      intro={`Mudanza #${move.id} · ${move.cliente_nombre}`}
      onClose={onClose}
      className="worker-modal"
    >
      <form className="form" onSubmit={handleSubmit}>
        <fieldset className="status-options" disabled={saving}>
          <legend className="form__label">Nuevo estado</legend>
          {WORKER_STATUSES.map((estado) => (
            <label key={estado} className={`status-option status-option--${STATUS_TONES[estado]}`}>
              <input
                type="radio"
                name="estado"
                value={estado}
                checked={selected === estado}
                onChange={() => setSelected(estado)}
              />
              <span className="status-option__dot" aria-hidden="true" />
              <span className="status-option__label">{MOVE_STATUS_LABELS[estado]}</span>
              {estado === move.estado && <span className="status-option__current">Actual</span>}
            </label>
          ))}
        </fieldset>

        <div className="worker-modal__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={saving}>
            Cancelar
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={saving || selected === null || selected === move.estado}
          >
            {saving ? 'Guardando...' : 'Guardar'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
