import type { MoveStatus } from '../lib/api';
import { STATUS_LABELS, STATUS_TONES } from '../lib/staffMoves';

export function StatusBadge({ estado }: { estado: MoveStatus }) {
  return <span className={`mgr-badge mgr-badge--${STATUS_TONES[estado]}`}>{STATUS_LABELS[estado]}</span>;
}

export function UrgentBadge() {
  return <span className="mgr-badge mgr-badge--urgent">Urgente</span>;
}
