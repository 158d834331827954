import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { moveHistoryExportUrl, type AuditEvent } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { StaffHero } from '../../components/StaffDashboard';
import { useLiveFeed } from '../../lib/useLiveFeed';
import { StatusBadge } from '../../components/Badge';
import { formatDate } from '../../lib/format';
import { endOfSecond, formatInstant, fromLocalInput, toLocalInput } from './audit';
import { AuditStatePanel } from './AuditStatePanel';
import { AuditTimeline } from './AuditTimeline';
import { useAuditStore, useAuditWindow } from './useAuditStore';
import { LoadMore } from '../../components/LoadMore';
import { SEARCH_MAX } from '../../lib/moveWindow';
import './AuditPage.css';

/** Scrolls to an element whose top is out of view (or low in it), gently unless the user asked for less motion. */
function reveal(id: string) {
  const element = document.getElementById(id);
  if (!element) return;
  const { top } = element.getBoundingClientRect();
  if (top >= 0 && top < window.innerHeight * 0.6) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element.scrollIntoView?.({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}

/** The move to audit comes from `?mudanza=`, so an audited move has an address of its own. */
function useSelectedParam(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('mudanza');
  const id = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  const set = (next: number | null) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next === null) copy.delete('mudanza');
        else copy.set('mudanza', String(next));
        return copy;
      },
      { replace: false },
    );
  return [id, set];
}

function SearchPanel({ onSelect, selectedId }: { onSelect: (id: number) => void; selectedId: number | null }) {
  const query = useAuditStore((s) => s.query);
  const setQuery = useAuditStore((s) => s.setQuery);
  const search = useAuditStore((s) => s.search);
  const results = useAuditWindow((s) => s.rows);
  const searching = useAuditWindow((s) => s.loading);
  const searched = useAuditWindow((s) => s.loaded);
  const searchError = useAuditWindow((s) => s.error);
  const siguiente = useAuditWindow((s) => s.siguiente);
  const loadingMore = useAuditWindow((s) => s.loadingMore);
  const loadMore = useAuditWindow((s) => s.loadMore);
  const inputId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void search();
  };

  return (
    <section className="audit-card audit-search" aria-labelledby="audit-search-title">
      <h2 id="audit-search-title" className="audit-card__title">
        Buscar mudanza
      </h2>
      <form className="audit-search__form" role="search" onSubmit={submit}>
        <label className="form__label" htmlFor={inputId}>
          Número, cliente, email, teléfono o dirección
        </label>
        <div className="audit-search__row">
          <input
            id={inputId}
            className="input"
            type="search"
            value={query}
            maxLength={SEARCH_MAX}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={searching}>
            {searching ? 'Buscando…' : 'Buscar'}
          </button>
        </div>
      </form>
      {searchError && (
        <p className="form__error" role="alert">
          {searchError}
        </p>
      )}
      <p className="audit-search__count" role="status">
        {searching
          ? 'Buscando…'
          : searched && !searchError
            ? results.length === 0
              ? 'Ninguna mudanza coincide con la búsqueda.'
              : `${results.length} ${results.length === 1 ? 'mudanza' : 'mudanzas'}${
                  siguiente !== null ? ', las más recientes' : ''
                }`
            : ''}
      </p>
      {results.length > 0 && (
        <ul className="audit-results" aria-label="Resultados de la búsqueda">
          {results.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className={`audit-result${selectedId === m.id ? ' is-selected' : ''}`}
                aria-pressed={selectedId === m.id}
                onClick={() => onSelect(m.id)}
              >
                <span className="audit-result__top">
                  <span className="audit-result__id">Mudanza {m.id}</span>
                  <StatusBadge estado={m.estado} />
                </span>
                <span className="audit-result__client">{m.cliente_nombre || 'Sin nombre'}</span>
                <span className="audit-result__route">
                  {m.origen} → {m.destino}
                </span>
                <span className="audit-result__date">{formatDate(m.fecha_programada)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {results.length > 0 && siguiente !== null && (
        <LoadMore
          shown={results.length}
          hasMore
          loading={loadingMore}
          auto={false}
          count={false}
          onMore={() => void loadMore()}
        />
      )}
    </section>
  );
}

function IntegrityCheck() {
  const verification = useAuditStore((s) => s.verification);
  const verify = useAuditStore((s) => s.verify);
  return (
    <section className="audit-card audit-integrity" aria-labelledby="audit-integrity-title">
      <h2 id="audit-integrity-title" className="audit-card__title">
        Integridad del registro
      </h2>
      <p className="audit-card__hint">
        Recorre la cadena de huellas de todo el registro de eventos y señala el primer eslabón roto.
      </p>
      <button
        type="button"
        className="button button--outline"
        disabled={verification.kind === 'checking'}
        onClick={() => void verify()}
      >
        {verification.kind === 'checking' ? 'Verificando…' : 'Verificar integridad del registro'}
      </button>
      <div role="status" className="audit-integrity__result">
        {verification.kind === 'done' && verification.result.ok && (
          <p className="audit-integrity__ok">
            Registro íntegro: {verification.result.verificados} eventos verificados
            {(verification.result.pendientes ?? 0) > 0 ? ` (${verification.result.pendientes} aún sin sellar)` : ''}.
          </p>
        )}
        {verification.kind === 'done' && !verification.result.ok && (
          <p className="form__error">
            Registro alterado.
            {verification.result.primer_fallo
              ? ` Primer eslabón roto: posición ${verification.result.primer_fallo.position} (${verification.result.primer_fallo.stream_id}, ${verification.result.primer_fallo.event_type}): ${verification.result.primer_fallo.motivo}`
              : ''}
          </p>
        )}
        {verification.kind === 'error' && <p className="form__error">{verification.message}</p>}
      </div>
    </section>
  );
}

function AsOfPanel({ history }: { history: readonly AuditEvent[] }) {
  const instant = useAuditStore((s) => s.instant);
  const asOf = useAuditStore((s) => s.asOf);
  const loading = useAuditStore((s) => s.loadingAsOf);
  const error = useAuditStore((s) => s.asOfError);
  const loadStateAt = useAuditStore((s) => s.loadStateAt);
  const [draft, setDraft] = useState(() => (instant ? toLocalInput(instant) : ''));
  const [draftFor, setDraftFor] = useState(instant);
  const [draftError, setDraftError] = useState<string | null>(null);
  const inputId = useId();

  // The input follows the instant when a timeline entry sets it (adjusted while rendering, so
  // the input never shows the old instant for one frame).
  if (draftFor !== instant) {
    setDraftFor(instant);
    setDraft(instant ? toLocalInput(instant) : '');
  }

  const first = history.find((e) => e.flujo.startsWith('move-'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const iso = fromLocalInput(draft);
    if (iso === null) {
      setDraftError('Indica una fecha y una hora.');
      return;
    }
    setDraftError(null);
    // Unchanged since an entry set it: ask for that exact instant, not its whole second.
    // (Browsers drop ':00' seconds from the input's value, so both are compared as instants.)
    const exact = instant && fromLocalInput(toLocalInput(instant)) === iso ? instant : endOfSecond(iso);
    void loadStateAt(exact);
  };

  return (
    <section className="audit-card" id="audit-asof" aria-labelledby="audit-asof-title">
      <h2 id="audit-asof-title" className="audit-card__title">
        Estado en un momento dado
      </h2>
      <p className="audit-card__hint">
        El servidor reproduce los eventos de la mudanza registrados hasta ese instante (hora del registro, no la del
        dispositivo).
        {first ? ` La mudanza existe desde el ${formatInstant(first.registrado_en)}.` : ''}
      </p>
      <form className="audit-asof__form" onSubmit={submit} noValidate>
        <div className="form__field">
          <label className="form__label" htmlFor={inputId}>
            Fecha y hora
          </label>
          <input
            id={inputId}
            className="input"
            type="datetime-local"
            step={1}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={loading}>
          {loading ? 'Calculando…' : 'Ver estado'}
        </button>
      </form>
      {(draftError ?? error) && (
        <p className="form__error" role="alert">
          {draftError ?? error}
        </p>
      )}
      {asOf && !error && <AuditStatePanel answer={asOf} />}
    </section>
  );
}

function MovePanel() {
  const selectedId = useAuditStore((s) => s.selectedId);
  const history = useAuditStore((s) => s.history);
  const loading = useAuditStore((s) => s.loadingHistory);
  const error = useAuditStore((s) => s.historyError);
  const asOf = useAuditStore((s) => s.asOf);
  const loadStateAt = useAuditStore((s) => s.loadStateAt);

  if (selectedId === null) {
    return (
      <section className="audit-card audit-placeholder" aria-labelledby="audit-move-title">
        <h2 id="audit-move-title" className="audit-card__title">
          Historial
        </h2>
        <p>Busca una mudanza y elígela para ver su historial completo y su estado en cualquier momento.</p>
      </section>
    );
  }

  return (
    <>
      {history && <AsOfPanel history={history} />}
      <section className="audit-card" aria-labelledby="audit-move-title">
        <div className="audit-move__head">
          <h2 id="audit-move-title" className="audit-card__title">
            Historial de la mudanza {selectedId}
          </h2>
          <div className="audit-move__exports">
            <a className="button button--ghost" href={moveHistoryExportUrl(selectedId, 'json')} download>
              Exportar JSON
            </a>
            <a className="button button--ghost" href={moveHistoryExportUrl(selectedId, 'csv')} download>
              Exportar CSV
            </a>
          </div>
        </div>
        {loading && history === null && (
          <p role="status" className="audit-empty">
            Cargando el historial…
          </p>
        )}
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        {history && (
          <>
            <p className="audit-card__hint">
              {history.length} {history.length === 1 ? 'evento' : 'eventos'}, del más antiguo al más reciente. Los de
              otros flujos (su presupuesto, los días del trabajador, la serie de documentos) no cambian la mudanza.
            </p>
            <AuditTimeline
              events={history}
              current={asOf?.posicion ?? null}
              onPick={(event) => {
                void loadStateAt(event.registrado_en).then(() => reveal('audit-asof'));
              }}
            />
          </>
        )}
      </section>
    </>
  );
}

/** /auditoria: auditors (and the admin) replay any move's history. Nothing here changes anything. */
export function AuditPage() {
  useDocumentTitle('Auditoría');
  const [paramId, setParamId] = useSelectedParam();
  const selectedId = useAuditStore((s) => s.selectedId);
  const select = useAuditStore((s) => s.select);
  const search = useAuditStore((s) => s.search);
  const reloadHistory = useAuditStore((s) => s.reloadHistory);

  useEffect(() => {
    void search('');
    return () => useAuditStore.getState().reset();
  }, [search]);

  useEffect(() => {
    if (paramId !== useAuditStore.getState().selectedId) void select(paramId);
  }, [paramId, select]);

  // A change to the audited move (a worker's status change…) adds to its history at once.
  useLiveFeed({
    onChange: (change) => {
      useAuditWindow.getState().applyChange(change);
      if (change.kind === 'move' && Number(change.id) === useAuditStore.getState().selectedId) void reloadHistory();
    },
    onResync: () => {
      void useAuditWindow.getState().loadFirst();
      void reloadHistory();
    },
  });

  return (
    <div className="audit-dashboard">
      <StaffHero
        prefix="mgr"
        title="Auditoría"
        subtitle="El historial de cada mudanza, reproducido desde el registro de eventos. Solo lectura."
      />
      <div className="container audit-dashboard__body">
        <div className="audit-layout">
          <div className="audit-layout__side">
            <SearchPanel
              selectedId={selectedId}
              onSelect={(id) => {
                setParamId(id);
                // On a phone the move's panel is below the results.
                requestAnimationFrame(() => reveal('audit-main'));
              }}
            />
            <IntegrityCheck />
          </div>
          <div className="audit-layout__main" id="audit-main">
            <MovePanel />
          </div>
        </div>
      </div>
    </div>
  );
}
