import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ContactMessage, FormConsent, JobApplication } from '../lib/api';
import { Badge } from './Badge';
import { formatBytes, formatDate, formatDateTime } from '../lib/format';
import { experienceLabel, positionLabel, serviceTypeLabel } from '../lib/options';
import { useFormsInbox, type ListState } from './useFormsInbox';
import './FormsInbox.css';

type Tab = 'mensajes' | 'candidaturas';
const TABS: readonly Tab[] = ['mensajes', 'candidaturas'];

/**
 * 'Mensajes y candidaturas': what the contact form and the work-with-us dialog sent (issue 6),
 * newest first, with the consent each sender gave and the CV to download.
 */
export function FormsInbox() {
  const messages = useFormsInbox((s) => s.messages);
  const applications = useFormsInbox((s) => s.applications);
  const load = useFormsInbox((s) => s.load);
  const [tab, setTab] = useState<Tab>('mensajes');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ mensajes: null, candidaturas: null });

  useEffect(() => {
    void load();
  }, [load]);

  // ARIA tabs: the arrow keys move between tabs (and select), Tab goes on into the panel.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target =
      event.key === 'Home'
        ? TABS[0]
        : event.key === 'End'
          ? TABS[TABS.length - 1]
          : step !== 0
            ? TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]
            : null;
    if (!target) return;
    event.preventDefault();
    setTab(target);
    tabRefs.current[target]?.focus();
  };

  const labels: Record<Tab, string> = { mensajes: 'Mensajes de contacto', candidaturas: 'Candidaturas' };
  const counts: Record<Tab, number | null> = {
    mensajes: messages.status === 'ready' ? messages.items.length : null,
    candidaturas: applications.status === 'ready' ? applications.items.length : null,
  };

  return (
    <section className="mgr-section mgr-forms" aria-labelledby="mgr-forms-title">
      <div className="mgr-section__head">
        <h2 id="mgr-forms-title" className="mgr-section__title">
          Mensajes y candidaturas
        </h2>
        <button type="button" className="button button--ghost mgr-forms__reload" onClick={() => void load()}>
          Actualizar
        </button>
      </div>

      <div className="mgr-forms__tabs" role="tablist" aria-label="Mensajes y candidaturas">
        {TABS.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`mgr-forms-tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`mgr-forms-panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            className={`mgr-forms__tab${tab === t ? ' is-active' : ''}`}
            onClick={() => setTab(t)}
            onKeyDown={onTabKey}
          >
            {labels[t]}
            {counts[t] !== null && (
              <>
                {' '}
                <span className="mgr-forms__count">{counts[t]}</span>
              </>
            )}
          </button>
        ))}
      </div>

      <div
        id={`mgr-forms-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`mgr-forms-tab-${tab}`}
        className="mgr-forms__panel"
      >
        {tab === 'mensajes' ? (
          <ListView
            state={messages}
            loadingText="Cargando mensajes..."
            emptyText="Todavía no ha llegado ningún mensaje del formulario de contacto."
            listLabel="Mensajes de contacto"
            onRetry={() => void load()}
            render={(m) => <MessageCard key={m.id} message={m} />}
          />
        ) : (
          <ListView
            state={applications}
            loadingText="Cargando candidaturas..."
            emptyText="Todavía no ha llegado ninguna candidatura."
            listLabel="Candidaturas"
            onRetry={() => void load()}
            render={(a) => <ApplicationCard key={a.id} application={a} />}
          />
        )}
      </div>
    </section>
  );
}

function ListView<T>({
  state,
  loadingText,
  emptyText,
  listLabel,
  onRetry,
  render,
}: {
  state: ListState<T>;
  loadingText: string;
  emptyText: string;
  listLabel: string;
  onRetry: () => void;
  render: (item: T) => ReactNode;
}) {
  if (state.status === 'loading') {
    return (
      <p className="mgr-empty" role="status">
        {loadingText}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="mgr-empty mgr-forms__error" role="alert">
        <p>{state.message}</p>
        <button type="button" className="button button--outline" onClick={onRetry}>
          Reintentar
        </button>
      </div>
    );
  }
  if (state.items.length === 0) return <p className="mgr-empty">{emptyText}</p>;
  return (
    <ul className="mgr-forms__list" aria-label={listLabel}>
      {state.items.map(render)}
    </ul>
  );
}

function ConsentText({ consent, at }: { consent: FormConsent; at: string }) {
  return (
    <>
      <span className={`mgr-forms__consent${consent.contact ? ' is-yes' : ''}`}>
        Contacto: {consent.contact ? 'sí' : 'no'}
      </span>
      <span className={`mgr-forms__consent${consent.marketing ? ' is-yes' : ''}`}>
        Publicidad: {consent.marketing ? 'sí' : 'no'}
      </span>
      <span className="mgr-move__muted">Dado el {formatDateTime(at)}</span>
    </>
  );
}

function ContactLinks({ email, phone }: { email: string; phone: string }) {
  return (
    <>
      <a href={`mailto:${email}`}>{email}</a>
      <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
    </>
  );
}

function MessageCard({ message: m }: { message: ContactMessage }) {
  return (
    <li className="mgr-forms__item" aria-label={`Mensaje de ${m.name}`}>
      <div className="mgr-forms__head">
        <strong className="mgr-forms__name">{m.name}</strong>
        <Badge tone="info">{serviceTypeLabel(m.service_type)}</Badge>
        <span className="mgr-forms__received">Recibido {formatDateTime(m.recibido_en)}</span>
      </div>
      <dl className="mgr-forms__facts">
        <div>
          <dt>Contacto</dt>
          <dd>
            <ContactLinks email={m.email} phone={m.phone} />
          </dd>
        </div>
        <div>
          <dt>Trayecto</dt>
          <dd>
            <span>
              <span className="mgr-move__label">Origen</span> {m.origin}
            </span>
            <span>
              <span className="mgr-move__label">Destino</span> {m.destination}
            </span>
          </dd>
        </div>
        <div>
          <dt>Fecha</dt>
          <dd>{m.date ? formatDate(m.date) : <span className="mgr-move__muted">Sin fecha</span>}</dd>
        </div>
        <div>
          <dt>Consentimiento</dt>
          <dd>
            <ConsentText consent={m.consent} at={m.recibido_en} />
          </dd>
        </div>
      </dl>
      {m.message ? (
        <p className="mgr-forms__message">«{m.message}»</p>
      ) : (
        <p className="mgr-move__muted mgr-forms__no-message">Sin mensaje</p>
      )}
    </li>
  );
}

function ApplicationCard({ application: a }: { application: JobApplication }) {
  return (
    <li className="mgr-forms__item mgr-forms__item--application" aria-label={`Candidatura de ${a.name}`}>
      <div className="mgr-forms__head">
        <strong className="mgr-forms__name">{a.name}</strong>
        <Badge tone="neutral">{positionLabel(a.position)}</Badge>
        <span className="mgr-forms__received">Recibida {formatDateTime(a.recibido_en)}</span>
      </div>
      <dl className="mgr-forms__facts">
        <div>
          <dt>Contacto</dt>
          <dd>
            <ContactLinks email={a.email} phone={a.phone} />
          </dd>
        </div>
        <div>
          <dt>Experiencia</dt>
          <dd>{experienceLabel(a.experience)}</dd>
        </div>
        <div>
          <dt>CV</dt>
          <dd>
            <a className="mgr-forms__cv" href={a.cv.url} download={a.cv.nombre}>
              Descargar CV <span className="sr-only">de {a.name}</span>
            </a>
            <span className="mgr-move__muted">
              {a.cv.nombre} · {a.cv.tipo.toUpperCase()} · {formatBytes(a.cv.bytes)}
            </span>
          </dd>
        </div>
        <div>
          <dt>Consentimiento</dt>
          <dd>
            <ConsentText consent={a.consent} at={a.recibido_en} />
          </dd>
        </div>
      </dl>
      {a.message ? (
        <p className="mgr-forms__message">«{a.message}»</p>
      ) : (
        <p className="mgr-move__muted mgr-forms__no-message">Sin mensaje</p>
      )}
    </li>
  );
}
