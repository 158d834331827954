import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { MoveStatus, QuoteInboxEntry, StaffMove } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { StaffHero, StatCards, type StatCard } from '../../components/StaffDashboard';
import { useLiveFeed } from '../../lib/useLiveFeed';
import { CreateMoveWizard } from './CreateMoveWizard';
import {
  BoxIcon,
  ChartIcon,
  EuroIcon,
  HeadsetIcon,
  LockIcon,
  PlusIcon,
  StarIcon,
  UserPlusIcon,
  UsersIcon,
} from '../../components/icons';
import { FormsInbox } from '../../components/FormsInbox';
import { formatCount, formatSatisfaction } from './managerMoves';
import { MoveEditModal } from './MoveEditModal';
import { MoveList } from './MoveList';
import { MoveViewModal } from './MoveViewModal';
import { quoteToWizardForm } from './quotes';
import { QuotesInbox } from './QuotesInbox';
import { ReviewsModeration } from './ReviewsModeration';
import { ClaimsSection } from './claims/ClaimsSection';
import { formatEuros } from '../../lib/format';
import { cancelStatsRefresh, useManagerStore, withStatusDraft } from './useManagerStore';
import { useManagerWindow } from './useManagerWindow';
import { useQuotesStore } from './useQuotesStore';
import './ManagerDashboardPage.css';
import './ManagerModals.css';

// The charts library is most of the page's weight: loaded apart, so other pages never fetch it.
const AnalyticsPanel = lazy(() => import('./AnalyticsPanel').then((m) => ({ default: m.AnalyticsPanel })));

type OpenModal = { kind: 'ver' | 'editar'; moveId: number } | { kind: 'crear'; quote?: QuoteInboxEntry } | null;

export function ManagerDashboardPage() {
  useDocumentTitle('Panel de gerencia');
  const opened = useManagerStore((s) => s.opened);
  const open = useManagerStore((s) => s.open);
  const company = useManagerStore((s) => s.company);
  const companyFailed = useManagerStore((s) => s.companyFailed);
  const period = useManagerStore((s) => s.period);
  const analytics = useManagerStore((s) => s.analytics);
  const analyticsFailed = useManagerStore((s) => s.analyticsFailed);
  const statusDraft = useManagerStore((s) => s.statusDraft);
  const loadAll = useManagerStore((s) => s.loadAll);
  const applyChange = useManagerStore((s) => s.applyChange);
  const setPeriod = useManagerStore((s) => s.setPeriod);
  const upsert = useManagerStore((s) => s.upsert);
  const scheduleStatsRefresh = useManagerStore((s) => s.scheduleStatsRefresh);
  const setStatusDraft = useManagerStore((s) => s.setStatusDraft);
  const loadQuotes = useQuotesStore((s) => s.loadQuotes);
  const applyQuoteChange = useQuotesStore((s) => s.applyChange);
  const markConverted = useQuotesStore((s) => s.markConverted);
  const objectNames = useQuotesStore((s) => s.names);
  const [modal, setModal] = useState<OpenModal>(null);

  useLiveFeed({
    onChange: (change) => {
      applyChange(change);
      applyQuoteChange(change);
    },
    onResync: () => {
      void loadAll();
      void loadQuotes();
    },
  });
  useEffect(() => {
    void loadAll();
    void loadQuotes();
    return () => {
      cancelStatsRefresh();
      useManagerStore.getState().setStatusDraft(null);
      // The next visit opens on the default window again.
      useManagerWindow.getState().reset();
    };
  }, [loadAll, loadQuotes]);

  const shown = useCallback((rows: readonly StaffMove[]) => withStatusDraft(rows, statusDraft), [statusDraft]);
  // The opened move follows the live feed, so an open modal shows the move as it last changed.
  const modalMove = modal && modal.kind !== 'crear' && opened?.id === modal.moveId ? opened : undefined;
  const openModal = useCallback(
    (kind: 'ver' | 'editar', id: number) => {
      setModal({ kind, moveId: id });
      void open(id);
    },
    [open],
  );
  const closeModal = useCallback(() => setModal(null), []);
  const openCreate = useCallback(() => setModal({ kind: 'crear' }), []);
  const saved = useCallback(
    (move: StaffMove) => {
      upsert(move);
      scheduleStatsRefresh();
    },
    [upsert, scheduleStatsRefresh],
  );
  const statusDraftFor = useCallback(
    (id: number) => (estado: MoveStatus | null) => setStatusDraft(estado === null ? null : { id, estado }),
    [setStatusDraft],
  );

  const value = (text: string) => (company ? text : companyFailed ? '—' : '…');
  const cards: StatCard[] = [
    {
      label: 'Mudanzas totales',
      value: value(formatCount(company?.mudanzas_totales ?? 0)),
      tone: 'primary',
      icon: <BoxIcon />,
    },
    {
      label: 'Ganancias totales',
      value: value(formatEuros(company?.ganancias_totales ?? 0)),
      tone: 'success',
      icon: <EuroIcon />,
    },
    {
      label: 'Trabajadores activos',
      value: value(formatCount(company?.trabajadores_activos ?? 0)),
      tone: 'info',
      icon: <UsersIcon />,
    },
    {
      label: 'Nivel de satisfacción',
      value: value(formatSatisfaction(company?.nivel_de_satisfaccion ?? null)),
      tone: 'warning',
      icon: <StarIcon />,
    },
  ];

  return (
    <div className="mgr-dashboard">
      <StaffHero
        prefix="mgr"
        title="Panel de gerencia"
        subtitle="Crea y gestiona las mudanzas, asigna trabajadores y sigue la marcha de la empresa al momento."
        textClassName="mgr-hero__text"
      >
        <button type="button" className="button mgr-hero__create" onClick={openCreate}>
          <PlusIcon />
          Nueva mudanza
        </button>
      </StaffHero>

      <div className="container mgr-dashboard__body">
        <StatCards prefix="mgr" label="Datos de la empresa" cards={cards} />

        <section className="mgr-section" aria-labelledby="mgr-actions-title">
          <h2 id="mgr-actions-title" className="mgr-section__title">
            Acciones rápidas
          </h2>
          <div className="mgr-actions">
            <button type="button" className="mgr-action" onClick={openCreate}>
              <span className="mgr-action__icon" aria-hidden="true">
                <PlusIcon />
              </span>
              <span className="mgr-action__title">Crear mudanza</span>
              <span className="mgr-action__text">Asistente de 9 pasos con precio e IVA</span>
            </button>
            <LockedAction icon={<UserPlusIcon />} title="Añadir trabajador" />
            <LockedAction icon={<ChartIcon />} title="Ver informes" />
            <LockedAction icon={<HeadsetIcon />} title="Atención al cliente" />
          </div>
        </section>

        <QuotesInbox
          onConvert={(quote) => setModal({ kind: 'crear', quote })}
          onViewMove={(id) => openModal('ver', id)}
        />

        <FormsInbox />

        <ReviewsModeration />

        <ClaimsSection />

        <Suspense
          fallback={
            <p className="mgr-empty" role="status">
              Cargando analíticas...
            </p>
          }
        >
          <AnalyticsPanel period={period} series={analytics} failed={analyticsFailed} onPeriod={setPeriod} />
        </Suspense>

        <MoveList shown={shown} onView={(id) => openModal('ver', id)} onEdit={(id) => openModal('editar', id)} />
      </div>

      {modal?.kind === 'crear' && (
        <CreateMoveWizard
          key={modal.quote?.id ?? 'nueva'}
          onClose={closeModal}
          initialForm={modal.quote ? quoteToWizardForm(modal.quote, objectNames) : undefined}
          fromQuote={
            modal.quote
              ? { id: modal.quote.id, nombre: modal.quote.contact.name, referencia: modal.quote.referencia ?? null }
              : undefined
          }
          onCreated={(move) => {
            if (move) upsert(move);
            if (move && modal.quote) markConverted(modal.quote.id, move.id);
            scheduleStatsRefresh();
          }}
        />
      )}
      {modal?.kind === 'ver' && modalMove && (
        <MoveViewModal
          move={modalMove}
          onClose={closeModal}
          onEdit={() => openModal('editar', modalMove.id)}
          onAssigned={saved}
        />
      )}
      {modal?.kind === 'editar' && modalMove && (
        <MoveEditModal
          key={modalMove.id}
          move={modalMove}
          onClose={closeModal}
          onSaved={saved}
          onStatusDraft={statusDraftFor(modalMove.id)}
        />
      )}
    </div>
  );
}

/** §2: premium features are shown locked and do nothing. */
function LockedAction({ icon, title }: { icon: ReactNode; title: string }) {
  return (
    <div className="mgr-action mgr-action--locked" aria-disabled="true">
      <span className="mgr-action__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="mgr-action__title">
        {title}
        <span className="mgr-premium">
          <LockIcon width={12} height={12} />
          Premium
        </span>
      </span>
      <span className="mgr-action__text">Disponible en el plan Premium</span>
    </div>
  );
}
