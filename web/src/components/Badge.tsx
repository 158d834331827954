import type { ReactNode } from 'react';
import type { MoveStatus } from '../lib/api';
import { STATUS_TONES, type BadgeTone } from '../lib/staffMoves';
import { MOVE_STATUS_LABELS } from '../lib/options';
import './Badge.css';

/**
 * The dashboard the badge sits on: staff lists ('mgr'), the worker's cards ('status') and the
 * client's moves ('client'). Each keeps its own CSS class (`mgr-badge`, `status-badge`,
 * `client-badge`), styled together in Badge.css.
 */
export type BadgeLook = 'mgr' | 'status' | 'client';

interface BadgeProps {
  tone: BadgeTone;
  look?: BadgeLook;
  children: ReactNode;
}

/** A short coloured label: a status, a payment state, a form's kind. */
export function Badge({ tone, look = 'mgr', children }: BadgeProps) {
  return <span className={`${look}-badge ${look}-badge--${tone}`}>{children}</span>;
}

/** §4 a move's staff status, in its colour. */
export function StatusBadge({ estado, look }: { estado: MoveStatus; look?: BadgeLook }) {
  return (
    <Badge tone={STATUS_TONES[estado] ?? 'neutral'} look={look}>
      {MOVE_STATUS_LABELS[estado] ?? estado}
    </Badge>
  );
}

export function UrgentBadge({ look }: { look?: BadgeLook }) {
  return (
    <Badge tone="urgent" look={look}>
      Urgente
    </Badge>
  );
}
