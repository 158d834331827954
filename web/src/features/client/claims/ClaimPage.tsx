import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ClaimAnswerNote, ClaimContent, ClaimDeadlineNote } from '../../../components/ClaimParts';
import { ClaimRecords } from '../../../components/ClaimRecords';
import { Badge } from '../../../components/Badge';
import { clientAreaFor } from '../../../lib/access';
import { errorText } from '../../../lib/api';
import {
  CLAIM_STATE_LABELS,
  fetchOwnClaim,
  ownClaimPage,
  type ClaimDetail,
  type OwnClaimPage,
} from '../../../lib/claims';
import { SUPPORT_MESSAGE, whatsappUrl } from '../../../lib/company';
import { formatDateTime, formatLongDate } from '../../../lib/format';
import { useAuthStore } from '../../../lib/useAuthStore';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { parseMoveId } from '../booking/booking';
import { ClientStatusBadge } from '../ClientMoveCard';
import { formatMoveDate } from '../clientMoves';
import { useClientMovesStore } from '../useClientMovesStore';
import { ClaimForm } from './ClaimForm';
import './ClaimPage.css';

const LOAD_FAILED = 'No se pudo cargar la reclamación. Inténtalo de nuevo.';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: OwnClaimPage };

/**
 * /cliente/reclamacion/:id: the client's claim about one of their delivered moves. Within 7 days
 * of delivery they open it (objects, what happened, photos); then they follow it here: when the
 * answer is due, the answer, and what the crew recorded of those objects at pickup and delivery.
 */
export function ClaimPage() {
  useDocumentTitle('Reclamación de tu mudanza');
  const params = useParams();
  const moveId = parseMoveId(params.id ?? null);
  const user = useAuthStore((s) => s.user);
  const move = useClientMovesStore((s) => s.moves.find((m) => m.id === moveId));
  const loadMoves = useClientMovesStore((s) => s.load);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [justOpened, setJustOpened] = useState(false);
  const latest = useRef(0);

  const load = useCallback(async () => {
    if (moveId === null) return;
    latest.current += 1;
    const mine = latest.current;
    try {
      const response = await fetchOwnClaim(moveId);
      if (mine !== latest.current) return;
      const page = ownClaimPage(response);
      setLoaded(page ? { status: 'ready', page } : { status: 'error', message: errorText(response.body, LOAD_FAILED) });
    } catch {
      if (mine === latest.current) setLoaded({ status: 'error', message: LOAD_FAILED });
    }
  }, [moveId]);

  useEffect(() => {
    void load();
  }, [load]);

  // The move's route and date for the heading; coming from the dashboard, they are read already.
  const userId = user?.id;
  useEffect(() => {
    if (userId && useClientMovesStore.getState().loading) void loadMoves();
  }, [userId, loadMoves]);

  const area = clientAreaFor(user) ?? '/';

  return (
    <div className="claim-page">
      <header className="claim-page__hero">
        <div className="container claim-page__hero-inner">
          <h1 className="claim-page__title">
            {moveId === null ? 'Reclamación' : `Reclamación de la mudanza #${moveId}`}
          </h1>
          {move && (
            <p className="claim-page__move">
              <ClientStatusBadge status={move.status} />
              <span>
                {move.from} <span aria-hidden="true">→</span>
                <span className="sr-only">hasta</span> {move.to}
              </span>
              <span className="claim-page__date">{formatMoveDate(move.date)}</span>
            </p>
          )}
        </div>
      </header>
      <div className="container claim-page__body">
        {moveId === null ? (
          <p className="claim-page__message" role="alert">
            Esta dirección no corresponde a ninguna mudanza.
          </p>
        ) : loaded.status === 'loading' ? (
          <p className="claim-page__message" role="status">
            Cargando...
          </p>
        ) : loaded.status === 'error' ? (
          <div className="claim-page__card">
            <p className="form__error" role="alert">
              {loaded.message}
            </p>
            <button type="button" className="button button--outline claim-page__retry" onClick={() => void load()}>
              Reintentar
            </button>
          </div>
        ) : loaded.page.reclamacion ? (
          <OwnClaimView claim={loaded.page.reclamacion} justOpened={justOpened} />
        ) : loaded.page.puede_reclamar ? (
          <section className="claim-page__card" aria-labelledby="claim-form-title">
            <h2 id="claim-form-title" className="claim-page__section-title">
              Abrir una reclamación
            </h2>
            {loaded.page.ultimo_dia_para_reclamar && (
              <p className="claim-page__until">
                Puedes reclamar hasta el{' '}
                <time dateTime={loaded.page.ultimo_dia_para_reclamar}>
                  {formatLongDate(loaded.page.ultimo_dia_para_reclamar)}
                </time>
                .
              </p>
            )}
            <ClaimForm
              moveId={moveId}
              objetos={loaded.page.objetos}
              onOpened={(page) => {
                setLoaded({ status: 'ready', page });
                setJustOpened(true);
              }}
            />
          </section>
        ) : (
          <NoClaim lastDay={loaded.page.ultimo_dia_para_reclamar} />
        )}
        <Link to={area} className="button button--outline claim-page__back">
          Volver a mi área de cliente
        </Link>
      </div>
    </div>
  );
}

/** Why there is no form: not delivered yet, or the 7 days are over. */
function NoClaim({ lastDay }: { lastDay: string | null }) {
  return (
    <section className="claim-page__card" aria-labelledby="claim-none-title">
      <h2 id="claim-none-title" className="claim-page__section-title">
        {lastDay === null ? 'Aún no se puede reclamar' : 'El plazo para reclamar ha terminado'}
      </h2>
      {lastDay === null ? (
        <p className="claim-page__text">
          Podrás abrir una reclamación cuando la mudanza esté entregada: tendrás 7 días desde la entrega para contarnos
          qué objetos han sufrido daños.
        </p>
      ) : (
        <p className="claim-page__text">
          Las reclamaciones se abren en los 7 días siguientes a la entrega, y para esta mudanza se podía reclamar hasta
          el <time dateTime={lastDay}>{formatLongDate(lastDay)}</time>. Si aun así necesitas ayuda, escríbenos.
        </p>
      )}
      <a
        className="button button--ghost claim-page__support"
        href={whatsappUrl(undefined, SUPPORT_MESSAGE)}
        target="_blank"
        rel="noopener noreferrer"
      >
        Contactar con soporte <span className="sr-only">(se abre en una pestaña nueva)</span>
      </a>
    </section>
  );
}

/** `justOpened`: sent from the form just now, so its heading takes the focus the form had. */
function OwnClaimView({ claim, justOpened }: { claim: ClaimDetail; justOpened: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!justOpened) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [justOpened]);
  return (
    <>
      <section className="claim-page__card" aria-labelledby="claim-status-title">
        <div className="claim-page__status-head">
          <h2 id="claim-status-title" ref={heading} tabIndex={-1} className="claim-page__section-title">
            Tu reclamación
          </h2>
          <Badge tone={claim.respuesta ? 'success' : 'info'}>{CLAIM_STATE_LABELS[claim.estado]}</Badge>
        </div>
        <p className="claim-page__meta">
          Abierta el <time dateTime={claim.abierta_en}>{formatDateTime(claim.abierta_en)}</time>
        </p>
        {claim.respuesta ? (
          <ClaimAnswerNote answer={claim.respuesta} audience="cliente" />
        ) : (
          <ClaimDeadlineNote plazo={claim.plazo} lead="Te responderemos como muy tarde el" />
        )}
        <ClaimContent claim={claim} />
      </section>
      <section className="claim-page__card" aria-labelledby="claim-records-title">
        <h2 id="claim-records-title" className="claim-page__section-title">
          Lo que anotó el equipo
        </h2>
        <p className="claim-page__text">
          Cómo estaban los objetos que reclamas en la recogida y en la entrega, y las firmas del albarán.
        </p>
        <ClaimRecords registros={claim.registros} firmas={claim.firmas} idPrefix="cliente-registros" level={3} />
      </section>
    </>
  );
}
