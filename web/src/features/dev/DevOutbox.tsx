import { useCallback, useEffect, useId, useState } from 'react';
import { fetchOutbox, type OutboxMessage } from '../../lib/api';
import { countText, filterByRecipient, formatSent, linkify, newestFirst } from './outbox';

type State =
  | { kind: 'loading' }
  /** Production, or SMTP configured: the server has no outbox and the page says nothing of it. */
  | { kind: 'hidden' }
  | { kind: 'ready'; messages: OutboxMessage[]; refreshing: boolean; error: string | null };

export const OUTBOX_TITLE = 'Buzón de correo (desarrollo local)';
const REFRESH_ERROR = 'No se pudo actualizar el buzón. Inténtalo de nuevo.';

/**
 * The emails the site would have sent (confirmation codes, reset links…), for local development
 * without an SMTP server. Only a 200 proves the outbox exists, so until then nothing shows.
 */
export function DevOutbox() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [query, setQuery] = useState('');
  const titleId = useId();
  const filterId = useId();

  const load = useCallback(async (isCancelled: () => boolean = () => false) => {
    try {
      const response = await fetchOutbox();
      if (isCancelled()) return;
      const messages = response.body?.mensajes;
      if (response.ok && response.body?.success && Array.isArray(messages)) {
        setState({ kind: 'ready', messages: newestFirst(messages), refreshing: false, error: null });
      } else if (response.status === 404) {
        setState({ kind: 'hidden' });
      } else {
        setState((s) => (s.kind === 'ready' ? { ...s, refreshing: false, error: REFRESH_ERROR } : { kind: 'hidden' }));
      }
    } catch {
      if (isCancelled()) return;
      setState((s) => (s.kind === 'ready' ? { ...s, refreshing: false, error: REFRESH_ERROR } : { kind: 'hidden' }));
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    void load(() => cancelled);
    return () => {
      cancelled = true;
    };
  }, [load]);

  if (state.kind !== 'ready') return null;

  const refresh = () => {
    setState((s) => (s.kind === 'ready' ? { ...s, refreshing: true, error: null } : s));
    void load();
  };

  const shown = filterByRecipient(state.messages, query);
  const filtering = query.trim() !== '';

  return (
    <section id="buzon" className="dev-section dev-outbox" aria-labelledby={titleId}>
      <div className="dev-outbox__head">
        <div>
          <h2 id={titleId} className="dev-section__title">
            {OUTBOX_TITLE}
          </h2>
          <p className="dev-section__lead">
            Sin servidor SMTP, los correos que enviaría la web se guardan aquí: códigos de confirmación, enlaces para
            restablecer la contraseña y avisos de presupuesto.
          </p>
        </div>
        <button
          type="button"
          className="button button--outline dev-outbox__refresh"
          onClick={refresh}
          disabled={state.refreshing}
        >
          {state.refreshing ? 'Actualizando...' : 'Actualizar'}
        </button>
      </div>

      <div className="dev-outbox__tools">
        <div className="form__field dev-outbox__filter">
          <label className="form__label" htmlFor={filterId}>
            Filtrar por destinatario
          </label>
          <input
            id={filterId}
            className="input"
            type="search"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="cliente@mudanzas.test"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <p className="dev-outbox__count" aria-live="polite">
          {filtering ? `${countText(shown.length)} de ${state.messages.length}` : countText(shown.length)}
        </p>
      </div>

      {state.error && (
        <p className="form__error" role="alert">
          {state.error}
        </p>
      )}

      {shown.length === 0 ? (
        <p className="dev-outbox__empty">
          {filtering ? `Ningún correo para «${query.trim()}».` : 'El buzón está vacío.'}
        </p>
      ) : (
        <ol className="dev-outbox__list">
          {shown.map((message) => (
            <li key={message.id}>
              <OutboxItem message={message} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function OutboxItem({ message }: { message: OutboxMessage }) {
  return (
    <article className="dev-outbox__message">
      <h3 className="dev-outbox__subject">{message.asunto}</h3>
      <dl className="dev-outbox__meta">
        <div>
          <dt>Para</dt>
          <dd>{message.para}</dd>
        </div>
        <div>
          <dt>Fecha</dt>
          <dd>
            <time dateTime={message.enviado}>{formatSent(message.enviado)}</time>
          </dd>
        </div>
      </dl>
      <pre className="dev-outbox__text">
        {linkify(message.texto).map((part, i) =>
          part.kind === 'link' ? (
            <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
              {part.href}
            </a>
          ) : (
            part.text
          ),
        )}
      </pre>
    </article>
  );
}
