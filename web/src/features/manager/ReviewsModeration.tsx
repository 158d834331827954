import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge } from '../../components/Badge';
import { Field, fieldProps } from '../../components/FormField';
import { Stars } from '../../components/Stars';
import { FilterButtons } from '../../components/StaffDashboard';
import {
  errorText,
  fetchReviewsForModeration,
  moderateReview,
  type ModeratedReview,
  type ReviewState,
} from '../../lib/api';
import { formatDateTime, formatLongDate } from '../../lib/format';
import { TEXT_LIMITS } from '../../lib/textLimits';
import { useAuthStore } from '../../lib/useAuthStore';
import {
  pendingAfter,
  pendingLabel,
  reasonError,
  replaceReview,
  REVIEW_EMPTY,
  REVIEW_FILTERS,
  REVIEW_STATE_LABELS,
  REVIEW_STATE_TONES,
  type ReviewFilter,
} from './reviews';
import './ReviewsModeration.css';

const MODERATE_FAILED = 'No se pudo guardar la decisión. Inténtalo de nuevo.';

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'ready'; reviews: ModeratedReview[] };

/**
 * The reviews clients wrote, for managers to publish on /opiniones or hide with a reason the
 * client reads. Admin and auditor may read the list; only the manager (empresario) decides, as
 * the server enforces.
 */
export function ReviewsModeration() {
  const canModerate = useAuthStore((s) => s.user?.role === 'empresario');
  const [filter, setFilter] = useState<ReviewFilter>('pendiente');
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [pending, setPending] = useState<number | null>(null);
  // What the last decision did, said once for screen readers and shown above the list.
  const [notice, setNotice] = useState('');
  const latest = useRef(0);

  const load = useCallback(async (which: ReviewFilter) => {
    latest.current += 1;
    const mine = latest.current;
    setLoaded((l) => (l.status === 'ready' ? l : { status: 'loading' }));
    try {
      const response = await fetchReviewsForModeration(which === 'todas' ? undefined : which);
      if (mine !== latest.current) return;
      const body = response.body;
      if (!response.ok || !Array.isArray(body?.opiniones)) throw new Error(`opiniones respondió ${response.status}`);
      setLoaded({ status: 'ready', reviews: body.opiniones });
      setPending(body.pendientes ?? null);
    } catch {
      if (mine === latest.current) setLoaded({ status: 'error' });
    }
  }, []);

  useEffect(() => {
    void load(filter);
  }, [load, filter]);

  const decided = (before: ReviewState, review: ModeratedReview) => {
    setLoaded((l) => (l.status === 'ready' ? { status: 'ready', reviews: replaceReview(l.reviews, review) } : l));
    setPending((p) => (p === null ? p : pendingAfter(p, before, review.estado)));
    setNotice(
      review.estado === 'publicada'
        ? `Opinión de ${review.nombre} publicada: ya aparece en Opiniones.`
        : `Opinión de ${review.nombre} ocultada. Su autor verá el motivo.`,
    );
  };

  return (
    <section className="mgr-section mgr-reviews" aria-labelledby="mgr-reviews-title">
      <div className="mgr-section__head">
        <h2 id="mgr-reviews-title" className="mgr-section__title">
          Opiniones
        </h2>
        {pending !== null && (
          <span
            className={`mgr-reviews__pending${pending > 0 ? ' is-waiting' : ''}`}
            data-testid="opiniones-pendientes"
          >
            {pendingLabel(pending)}
          </span>
        )}
        <button type="button" className="button button--ghost mgr-move__button" onClick={() => void load(filter)}>
          Actualizar
        </button>
      </div>
      {!canModerate && (
        <p className="mgr-reviews__readonly">
          Solo la gerencia puede publicar u ocultar opiniones: aquí puedes leerlas.
        </p>
      )}

      <FilterButtons
        className="mgr-filters"
        label="Filtrar opiniones"
        options={REVIEW_FILTERS}
        value={filter}
        onChange={(key) => {
          setNotice('');
          setFilter(key);
        }}
      />

      <p className="mgr-reviews__notice" role="status">
        {notice}
      </p>

      {loaded.status === 'loading' ? (
        <p className="mgr-empty" role="status">
          Cargando opiniones...
        </p>
      ) : loaded.status === 'error' ? (
        <p className="mgr-empty" role="alert">
          No se pudieron cargar las opiniones.
        </p>
      ) : loaded.reviews.length === 0 ? (
        <p className="mgr-empty">{REVIEW_EMPTY[filter]}</p>
      ) : (
        <ul className="mgr-reviews__list" aria-label="Opiniones">
          {loaded.reviews.map((review) => (
            <ReviewItem key={review.id} review={review} canModerate={canModerate} onDecided={decided} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewItem({
  review,
  canModerate,
  onDecided,
}: {
  review: ModeratedReview;
  canModerate: boolean;
  onDecided: (before: ReviewState, review: ModeratedReview) => void;
}) {
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonErr, setReasonErr] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const reasonId = `motivo-${review.id}`;

  useEffect(() => {
    if (hiding) reasonRef.current?.focus();
  }, [hiding]);

  const decide = async (publicar: boolean) => {
    if (!publicar) {
      const error = reasonError(reason);
      setReasonErr(error);
      if (error) {
        reasonRef.current?.focus();
        return;
      }
    }
    setSaving(true);
    setFailure(null);
    try {
      const response = await moderateReview(review.id, publicar, publicar ? '' : reason.trim());
      if (response.ok && response.body?.opinion) {
        setHiding(false);
        setReason('');
        onDecided(review.estado, response.body.opinion);
      } else {
        setFailure(errorText(response.body, MODERATE_FAILED));
      }
    } catch {
      setFailure(MODERATE_FAILED);
    }
    setSaving(false);
  };

  return (
    <li
      className={`mgr-review mgr-review--${review.estado}`}
      aria-label={`Opinión de ${review.nombre}: ${review.titulo}`}
    >
      <div className="mgr-review__head">
        <Stars rating={review.rating} size={16} />
        <strong className="mgr-review__title">{review.titulo}</strong>
        <Badge tone={REVIEW_STATE_TONES[review.estado]}>{REVIEW_STATE_LABELS[review.estado]}</Badge>
      </div>
      <p className="mgr-review__text">{review.texto}</p>
      <p className="mgr-review__meta">
        <span>
          {review.nombre}
          {review.ubicacion && ` · ${review.ubicacion}`}
        </span>
        <span>
          {review.mudanza_id != null ? `Mudanza #${review.mudanza_id}` : 'Importada (anterior a la plataforma)'}
        </span>
        <span>{review.recomendaria ? 'Nos recomendaría' : 'No nos recomendaría'}</span>
        <span>
          Escrita el <time dateTime={review.fecha}>{formatLongDate(review.fecha)}</time>
        </span>
        {review.moderada && <span>Moderada {formatDateTime(review.moderada)}</span>}
      </p>
      {review.estado === 'oculta' && review.motivo && <p className="mgr-review__reason">Motivo: {review.motivo}</p>}

      {canModerate && !hiding && (
        <div className="mgr-review__actions">
          {review.estado !== 'publicada' && (
            <button
              type="button"
              className="button button--primary mgr-move__button"
              disabled={saving}
              onClick={() => void decide(true)}
            >
              {saving ? 'Guardando...' : 'Publicar'}
            </button>
          )}
          {review.estado !== 'oculta' && (
            <button
              type="button"
              className="button button--outline mgr-move__button"
              disabled={saving}
              onClick={() => setHiding(true)}
            >
              Ocultar
            </button>
          )}
        </div>
      )}
      {canModerate && hiding && (
        <form
          className="mgr-review__hide"
          noValidate
          aria-label={`Ocultar la opinión de ${review.nombre}`}
          onSubmit={(e) => {
            e.preventDefault();
            void decide(false);
          }}
        >
          <Field id={reasonId} label="Motivo (lo verá su autor)" required error={reasonErr}>
            <textarea
              {...fieldProps(reasonId, reasonErr)}
              ref={reasonRef}
              rows={2}
              maxLength={TEXT_LIMITS.reviewReason}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (reasonErr) setReasonErr(reasonError(e.target.value));
              }}
            />
          </Field>
          <div className="mgr-review__actions">
            <button type="submit" className="button button--primary mgr-move__button" disabled={saving}>
              {saving ? 'Ocultando...' : 'Ocultar opinión'}
            </button>
            <button
              type="button"
              className="button button--ghost mgr-move__button"
              disabled={saving}
              onClick={() => {
                setHiding(false);
                setReasonErr(undefined);
              }}
            >
              Cancelar
            </button>
          </div>
        </form>
      )}
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
    </li>
  );
}
