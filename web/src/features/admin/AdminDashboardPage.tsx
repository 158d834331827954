import { useRef, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { SessionPanel } from '../../components/SessionPanel';
import { FormsInbox } from '../../components/FormsInbox';
import { EventLogPanel } from './EventLogPanel';
import { ProjectionsPanel } from './ProjectionsPanel';
import { StaffPanel } from './StaffPanel';
import '../../components/StaffDashboard.css';
import './AdminDashboardPage.css';

export const ADMIN_TABS = [
  { key: 'personal', label: 'Personal' },
  { key: 'proyecciones', label: 'Proyecciones' },
  { key: 'eventos', label: 'Registro de eventos' },
  { key: 'mensajes', label: 'Mensajes y candidaturas' },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]['key'];

function tabFrom(value: string | null): AdminTab {
  return ADMIN_TABS.find((t) => t.key === value)?.key ?? 'personal';
}

/**
 * /admin (admin only): staff accounts, projection status and rebuild, the event log, and what
 * the public forms received. The tab is in the address (?tab=), so a reload or a shared link
 * opens the same one.
 */
export function AdminDashboardPage() {
  useDocumentTitle('Panel de administración');
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab'));
  const refs = useRef<Partial<Record<AdminTab, HTMLButtonElement | null>>>({});

  const select = (key: AdminTab) => setParams(key === 'personal' ? {} : { tab: key }, { replace: true });

  // ARIA tabs: arrows move between tabs and select, Home/End jump to the ends.
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const keys = ADMIN_TABS.map((t) => t.key);
    const index = keys.indexOf(tab);
    const target =
      event.key === 'ArrowRight'
        ? keys[(index + 1) % keys.length]
        : event.key === 'ArrowLeft'
          ? keys[(index - 1 + keys.length) % keys.length]
          : event.key === 'Home'
            ? keys[0]
            : event.key === 'End'
              ? keys[keys.length - 1]
              : null;
    if (!target) return;
    event.preventDefault();
    select(target);
    refs.current[target]?.focus();
  };

  return (
    <div className="adm-page">
      <header className="adm-hero">
        <div className="container adm-hero__inner">
          <div className="adm-hero__top">
            <Link to="/debug" className="adm-hero__link">
              Estado del sistema (/debug)
            </Link>
            <Link to="/auditoria" className="adm-hero__link">
              Auditoría e integridad del registro
            </Link>
          </div>
          <div className="adm-hero__main">
            <div>
              <h1 className="adm-hero__title">Panel de administración</h1>
              <p className="adm-hero__subtitle">
                Cuentas del personal, proyecciones, registro de eventos y formularios.
              </p>
            </div>
            <SessionPanel />
          </div>
        </div>
      </header>

      <div className="container adm-body">
        <div className="adm-tabs" role="tablist" aria-label="Secciones del panel">
          {ADMIN_TABS.map((t) => (
            <button
              key={t.key}
              ref={(el) => {
                refs.current[t.key] = el;
              }}
              type="button"
              role="tab"
              id={`adm-tab-${t.key}`}
              aria-selected={tab === t.key}
              aria-controls={`adm-panel-${t.key}`}
              tabIndex={tab === t.key ? 0 : -1}
              className={`adm-tab${tab === t.key ? ' is-active' : ''}`}
              onClick={() => select(t.key)}
              onKeyDown={onKey}
            >
              {t.label}
            </button>
          ))}
        </div>
        <section className="adm-panel" role="tabpanel" id={`adm-panel-${tab}`} aria-labelledby={`adm-tab-${tab}`}>
          {/* The inbox brings its own heading. */}
          {tab !== 'mensajes' && <h2 className="sr-only">{ADMIN_TABS.find((t) => t.key === tab)?.label}</h2>}
          {tab === 'personal' && <StaffPanel />}
          {tab === 'proyecciones' && <ProjectionsPanel />}
          {tab === 'eventos' && <EventLogPanel />}
          {tab === 'mensajes' && <FormsInbox />}
        </section>
      </div>
    </div>
  );
}
