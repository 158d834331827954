import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { BoxIcon, MailIcon } from '../../components/icons';
import { ClientMoveCard } from './ClientMoveCard';
import { CLIENT_FILTERS, filterClientMoves, type ClientFilter } from './clientMoves';
import { useClientMovesStore } from './useClientMovesStore';
import { formatNumber } from '../../lib/format';

function countLabel(count: number): string {
  return count === 1 ? '1 mudanza' : `${formatNumber(count)} mudanzas`;
}

/** §2 'Mis Mudanzas': filters, a card per move, the empty state. The page loads and keeps the list. */
export function MovesTab() {
  const moves = useClientMovesStore((s) => s.moves);
  const loading = useClientMovesStore((s) => s.loading);
  const emailConfirmed = useClientMovesStore((s) => s.emailConfirmed);
  const [filter, setFilter] = useState<ClientFilter>('all');
  const shown = useMemo(() => filterClientMoves(moves, filter), [moves, filter]);

  if (!emailConfirmed) {
    return (
      <div className="client-notice" role="status">
        <MailIcon width={28} height={28} />
        <div>
          <p className="client-notice__title">Confirma tu email para ver tus mudanzas</p>
          <p className="client-notice__text">
            Tus mudanzas aparecerán aquí en cuanto confirmes tu dirección de email con el código que te enviamos.
          </p>
          <Link to="/confirmar-email" className="button button--primary">
            Confirmar email
          </Link>
        </div>
      </div>
    );
  }

  if (loading && moves.length === 0) {
    return (
      <p className="client-moves__message" role="status">
        Cargando tus mudanzas...
      </p>
    );
  }

  if (moves.length === 0) {
    return (
      <div className="client-empty">
        <BoxIcon width={40} height={40} />
        <h3 className="client-empty__title">Todavía no tienes mudanzas</h3>
        <p className="client-empty__text">
          Calcula el precio de tu mudanza en unos minutos y solicita tu presupuesto sin compromiso.
        </p>
        <Link to="/buscador-precios" className="button button--primary">
          Calcular el precio de mi mudanza
        </Link>
      </div>
    );
  }

  return (
    <div className="client-moves">
      <div className="client-moves__head">
        <p className="client-moves__count" aria-live="polite">
          {countLabel(shown.length)}
        </p>
        <div className="client-filters" role="group" aria-label="Filtrar por estado">
          {CLIENT_FILTERS.map((option) => (
            <button
              key={option.key}
              type="button"
              className={`client-filters__button${filter === option.key ? ' is-active' : ''}`}
              aria-pressed={filter === option.key}
              onClick={() => setFilter(option.key)}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>

      {shown.length === 0 ? (
        <p className="client-moves__message">No tienes mudanzas con este estado.</p>
      ) : (
        <div className="client-moves__list">
          {shown.map((move) => (
            <ClientMoveCard key={move.id} move={move} />
          ))}
        </div>
      )}
    </div>
  );
}
