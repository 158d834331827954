import { useLiveStore, type LiveStatus } from '../lib/useLiveStore';
import './LiveIndicator.css';

const LABELS: Record<LiveStatus, string> = {
  inactivo: 'Sin conexión en directo',
  conectando: 'Conectando…',
  conectado: 'En directo',
  reconectando: 'Reconectando…',
};

/** A small pill that says whether the page is receiving changes as they happen. */
export function LiveIndicator() {
  const status = useLiveStore((s) => s.status);
  return (
    <span className={`live-indicator live-indicator--${status}`} role="status" aria-live="polite">
      <span className="live-indicator__dot" aria-hidden="true" />
      {LABELS[status]}
    </span>
  );
}
