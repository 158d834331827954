import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as api from '../../../lib/api';
import type { BookingConditions, BookingMove, BookingResponse } from '../../../lib/api';
import { useLiveFeed } from '../../../lib/useLiveFeed';
import { BOOKING_MESSAGES, parseMoveId } from './booking';

export type BookingLoad =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; move: BookingMove; conditions: BookingConditions };

export interface BookingMoveState {
  /** The move id of `?id=`, or null when the address has none (or a malformed one). */
  id: number | null;
  load: BookingLoad;
  /** Reads the move again, keeping what is shown until the answer arrives. */
  reload: () => Promise<void>;
  /** Shows a command's answer (it carries the move as it now is). */
  accept: (body: BookingResponse | null) => boolean;
}

/**
 * The move of `?id=` as its client sees it in full, kept fresh: the client's live feed announces
 * every change to their own moves (a manager's repricing, a worker's status), and the page reads
 * the move again when one concerns it.
 */
export function useBookingMove(): BookingMoveState {
  const [params] = useSearchParams();
  const id = parseMoveId(params.get('id'));
  const [load, setLoad] = useState<BookingLoad>(() => (id === null ? { kind: 'missing' } : { kind: 'loading' }));
  // Only the latest request's answer is shown: an older one may have read an older move.
  const latest = useRef(0);

  const accept = useCallback((body: BookingResponse | null): boolean => {
    if (!body?.success || !body.mudanza || !body.condiciones) return false;
    latest.current += 1;
    setLoad({ kind: 'ready', move: body.mudanza, conditions: body.condiciones });
    return true;
  }, []);

  const reload = useCallback(async () => {
    if (id === null) {
      setLoad({ kind: 'missing' });
      return;
    }
    latest.current += 1;
    const request = latest.current;
    try {
      const response = await api.fetchBookingMove(id);
      if (request !== latest.current) return;
      if (response.status === 404) {
        setLoad({ kind: 'missing' });
        return;
      }
      if (!response.ok || !response.body?.mudanza || !response.body.condiciones) {
        setLoad({ kind: 'error', message: api.errorText(response.body, BOOKING_MESSAGES.loadFailed) });
        return;
      }
      setLoad({ kind: 'ready', move: response.body.mudanza, conditions: response.body.condiciones });
    } catch {
      if (request === latest.current) setLoad({ kind: 'error', message: BOOKING_MESSAGES.network });
    }
  }, [id]);

  useEffect(() => {
    setLoad(id === null ? { kind: 'missing' } : { kind: 'loading' });
    void reload();
  }, [id, reload]);

  useLiveFeed({
    onChange: (change) => {
      if (change.kind === 'move' && id !== null && change.id === String(id)) void reload();
    },
    onResync: () => void reload(),
  });

  return { id, load, reload, accept };
}
