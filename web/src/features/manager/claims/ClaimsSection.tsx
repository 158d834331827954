import { useCallback, useEffect, useRef, useState } from 'react';
import { ClaimStateBadge } from '../../../components/ClaimParts';
import { fetchClaims, summaryOf, type ClaimDetail, type ClaimSummary } from '../../../lib/claims';
import { formatCount, formatDateTime, formatLongDate } from '../../../lib/format';
import { useAuthStore } from '../../../lib/useAuthStore';
import { ClaimDetailModal } from './ClaimDetailModal';
// The section's head, title and empty states are the staff dashboards' (also outside /gestion).
import '../../../components/StaffDashboard.css';
import './ClaimsSection.css';

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'ready'; claims: ClaimSummary[] };

/**
 * The clients' claims, open ones first by the nearest deadline (15 Spanish working days from
 * when each was opened). Managers and the admin answer them; the auditor reads them.
 */
export function ClaimsSection() {
  const role = useAuthStore((s) => s.user?.role);
  const canAnswer = role === 'empresario' || role === 'admin';
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [opened, setOpened] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const latest = useRef(0);

  const load = useCallback(async () => {
    latest.current += 1;
    const mine = latest.current;
    try {
      const response = await fetchClaims();
      if (mine !== latest.current) return;
      const claims = response.body?.reclamaciones;
      if (!response.ok || !Array.isArray(claims)) throw new Error(`reclamaciones respondió ${response.status}`);
      setLoaded({ status: 'ready', claims });
    } catch {
      if (mine === latest.current) setLoaded({ status: 'error' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const answered = (claim: ClaimDetail) => {
    setLoaded((l) =>
      l.status === 'ready'
        ? { status: 'ready', claims: l.claims.map((c) => (c.move_id === claim.move_id ? summaryOf(claim) : c)) }
        : l,
    );
    setNotice(`Respuesta enviada a ${claim.cliente_nombre}: la mudanza #${claim.move_id} ya tiene respuesta.`);
  };

  const open = loaded.status === 'ready' ? loaded.claims.filter((c) => c.estado === 'abierta') : [];
  const urgent = open.filter((c) => c.plazo.aviso).length;

  return (
    <section className="mgr-section mgr-claims" aria-labelledby="mgr-claims-title">
      <div className="mgr-section__head">
        <h2 id="mgr-claims-title" className="mgr-section__title">
          Reclamaciones
        </h2>
        {loaded.status === 'ready' && (
          <span
            className={`mgr-claims__open${open.length > 0 ? ' is-waiting' : ''}`}
            data-testid="reclamaciones-abiertas"
          >
            {open.length === 0 ? 'Ninguna por responder' : formatCount(open.length, 'por responder', 'por responder')}
            {urgent > 0 && ` · ${formatCount(urgent, 'con el plazo cerca', 'con el plazo cerca')}`}
          </span>
        )}
        <button type="button" className="button button--ghost mgr-claims__button" onClick={() => void load()}>
          Actualizar
        </button>
      </div>
      {!canAnswer && (
        <p className="mgr-claims__readonly">Solo la gerencia responde a las reclamaciones: aquí puedes leerlas.</p>
      )}
      <p className="mgr-claims__notice" role="status">
        {notice}
      </p>

      {loaded.status === 'loading' ? (
        <p className="mgr-empty" role="status">
          Cargando reclamaciones...
        </p>
      ) : loaded.status === 'error' ? (
        <p className="mgr-empty" role="alert">
          No se pudieron cargar las reclamaciones.
        </p>
      ) : loaded.claims.length === 0 ? (
        <p className="mgr-empty">Ningún cliente ha abierto una reclamación.</p>
      ) : (
        <ul className="mgr-claims__list" aria-label="Reclamaciones">
          {loaded.claims.map((claim) => (
            <ClaimRow
              key={claim.move_id}
              claim={claim}
              canAnswer={canAnswer}
              onOpen={() => {
                setNotice('');
                setOpened(claim.move_id);
              }}
            />
          ))}
        </ul>
      )}

      {opened !== null && (
        <ClaimDetailModal moveId={opened} canAnswer={canAnswer} onClose={() => setOpened(null)} onAnswered={answered} />
      )}
    </section>
  );
}

function ClaimRow({ claim, canAnswer, onOpen }: { claim: ClaimSummary; canAnswer: boolean; onOpen: () => void }) {
  const waiting = claim.estado === 'abierta';
  const tone = claim.respuesta
    ? 'respondida'
    : claim.plazo.vencido
      ? 'vencida'
      : claim.plazo.aviso
        ? 'aviso'
        : 'abierta';
  return (
    <li
      className={`mgr-claim mgr-claim--${tone}`}
      aria-label={`Reclamación de la mudanza ${claim.move_id}, de ${claim.cliente_nombre}`}
    >
      <div className="mgr-claim__who">
        <strong className="mgr-claim__move">Mudanza #{claim.move_id}</strong>
        <span className="mgr-claim__client">{claim.cliente_nombre}</span>
      </div>
      <p className="mgr-claim__objects">
        <span className="sr-only">Objetos: </span>
        {claim.objetos.map((o) => o.nombre).join(', ')}
      </p>
      <dl className="mgr-claim__dates">
        <div>
          <dt>Abierta</dt>
          <dd>
            <time dateTime={claim.abierta_en}>{formatDateTime(claim.abierta_en)}</time>
          </dd>
        </div>
        <div>
          <dt>Plazo</dt>
          <dd>
            <time dateTime={claim.plazo.fecha}>{formatLongDate(claim.plazo.fecha)}</time>
          </dd>
        </div>
      </dl>
      <div className="mgr-claim__state">
        <ClaimStateBadge claim={claim} />
      </div>
      <button
        type="button"
        className={`button ${waiting && canAnswer ? 'button--primary' : 'button--outline'} mgr-claims__button mgr-claim__open`}
        onClick={onOpen}
      >
        {waiting && canAnswer ? 'Responder' : 'Ver reclamación'}{' '}
        <span className="sr-only">de la mudanza {claim.move_id}</span>
      </button>
    </li>
  );
}
