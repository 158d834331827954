import { useCallback, useEffect, useRef, useState } from 'react';
import { ClaimAnswerNote, ClaimContent, ClaimDeadlineNote } from '../../../components/ClaimParts';
import { ClaimRecords } from '../../../components/ClaimRecords';
import { Modal } from '../../../components/Modal';
import { errorText } from '../../../lib/api';
import { fetchClaim, type ClaimDetail } from '../../../lib/claims';
import { formatDateTime } from '../../../lib/format';
import { AnswerForm } from './AnswerForm';

const LOAD_FAILED = 'No se pudo cargar la reclamación.';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; claim: ClaimDetail };

interface ClaimDetailModalProps {
  moveId: number;
  /** The manager and the admin answer; the auditor reads. */
  canAnswer: boolean;
  onClose: () => void;
  onAnswered: (claim: ClaimDetail) => void;
}

/** One claim beside the crew's records of its objects, with the answer form while it waits. */
export function ClaimDetailModal({ moveId, canAnswer, onClose, onAnswered }: ClaimDetailModalProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [answeredNow, setAnsweredNow] = useState(false);
  const latest = useRef(0);

  const load = useCallback(async () => {
    latest.current += 1;
    const mine = latest.current;
    setLoaded({ status: 'loading' });
    try {
      const response = await fetchClaim(moveId);
      if (mine !== latest.current) return;
      const claim = response.ok ? response.body?.reclamacion : undefined;
      setLoaded(
        claim ? { status: 'ready', claim } : { status: 'error', message: errorText(response.body, LOAD_FAILED) },
      );
    } catch {
      if (mine === latest.current) setLoaded({ status: 'error', message: LOAD_FAILED });
    }
  }, [moveId]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Modal title={`Reclamación de la mudanza #${moveId}`} onClose={onClose} className="mgr-claim-modal">
      {loaded.status === 'loading' ? (
        <p className="mgr-claim-detail__message" role="status">
          Cargando la reclamación...
        </p>
      ) : loaded.status === 'error' ? (
        <div className="mgr-claim-detail">
          <p className="form__error" role="alert">
            {loaded.message}
          </p>
          <button type="button" className="button button--outline mgr-claims__button" onClick={() => void load()}>
            Reintentar
          </button>
        </div>
      ) : (
        <ClaimDetailBody
          claim={loaded.claim}
          canAnswer={canAnswer}
          answeredNow={answeredNow}
          onAnswered={(claim) => {
            setLoaded({ status: 'ready', claim });
            setAnsweredNow(true);
            onAnswered(claim);
          }}
        />
      )}
    </Modal>
  );
}

function ClaimDetailBody({
  claim,
  canAnswer,
  answeredNow,
  onAnswered,
}: {
  claim: ClaimDetail;
  canAnswer: boolean;
  /** Just answered here: the answer, at the top, is brought into view from the form at the bottom. */
  answeredNow: boolean;
  onAnswered: (claim: ClaimDetail) => void;
}) {
  const prefix = `gestion-reclamacion-${claim.move_id}`;
  const answerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!answeredNow) return;
    answerRef.current?.focus({ preventScroll: true });
    answerRef.current?.scrollIntoView?.({ block: 'center' });
  }, [answeredNow]);
  return (
    <div className="mgr-claim-detail">
      <dl className="mgr-claim-detail__facts">
        <div>
          <dt>Cliente</dt>
          <dd>{claim.cliente_nombre}</dd>
        </div>
        <div>
          <dt>Entregada</dt>
          <dd>
            <time dateTime={claim.entregada_en}>{formatDateTime(claim.entregada_en)}</time>
          </dd>
        </div>
        <div>
          <dt>Abierta</dt>
          <dd>
            <time dateTime={claim.abierta_en}>{formatDateTime(claim.abierta_en)}</time>
          </dd>
        </div>
      </dl>

      {claim.respuesta ? (
        <div ref={answerRef} tabIndex={-1} className="mgr-claim-detail__answer">
          <ClaimAnswerNote answer={claim.respuesta} audience="gestion" />
        </div>
      ) : (
        <ClaimDeadlineNote plazo={claim.plazo} lead="Responder como muy tarde el" />
      )}

      <section className="mgr-claim-detail__section" aria-labelledby={`${prefix}-reclama`}>
        <h3 id={`${prefix}-reclama`} className="mgr-claim-detail__title">
          Lo que reclama el cliente
        </h3>
        <ClaimContent claim={claim} />
      </section>

      <section className="mgr-claim-detail__section" aria-labelledby={`${prefix}-registros`}>
        <h3 id={`${prefix}-registros`} className="mgr-claim-detail__title">
          Lo que anotó el equipo
        </h3>
        <ClaimRecords registros={claim.registros} firmas={claim.firmas} idPrefix={prefix} level={4} />
      </section>

      {!claim.respuesta && (
        <section className="mgr-claim-detail__section" aria-labelledby={`${prefix}-responder`}>
          <h3 id={`${prefix}-responder`} className="mgr-claim-detail__title">
            Respuesta
          </h3>
          {canAnswer ? (
            <AnswerForm claim={claim} onAnswered={onAnswered} />
          ) : (
            <p className="mgr-claim-detail__message">
              Solo la gerencia responde a las reclamaciones: aquí puedes leerla.
            </p>
          )}
        </section>
      )}
    </div>
  );
}
