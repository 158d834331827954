import type { ReactNode } from 'react';
import type { MoveStatus } from '../lib/api';
import { STATUS_TONES } from '../lib/staffMoves';
import { MOVE_STATUS_LABELS } from '../lib/options';

/** What a badge says by its colour; every status and payment badge uses one of these. */
export type BadgeTone = 'warning' | 'neutral' | 'info' | 'success' | 'error' | 'urgent' | 'muted';

/**
 * The dashboard the badge sits on: staff lists ('mgr'), the worker's cards ('status') and the
 * client's moves ('client'). Each keeps its own CSS class (`mgr-badge`, `status-badge`,
 * `client-badge`) until the styles share one.
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
