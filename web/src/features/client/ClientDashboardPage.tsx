import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { homePathFor } from '../../lib/access';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAuthStore } from '../../lib/useAuthStore';
import { LiveIndicator } from '../../components/LiveIndicator';
import { MovesTab } from './MovesTab';
import { ProfileTab } from './ProfileTab';
import { MyDocuments } from './documents/MyDocuments';
import { CustomerStats } from './CustomerStats';
import { QuickActions } from './QuickActions';
import { splitFullName } from './profile';
import { useClientMovesStore, useLiveClientMoves } from './useClientMovesStore';
import { ReviewForm } from './reviews/ReviewForm';
import { ReviewInvitation } from './reviews/ReviewInvitation';
import { useOwnReviewsStore } from './reviews/useOwnReviewsStore';
import { useReviewParam } from './reviews/useReviewParam';
import './ClientDashboardPage.css';

export type ClientTab = 'mudanzas' | 'perfil';

const TABS: readonly { key: ClientTab; label: string }[] = [
  { key: 'mudanzas', label: 'Mis Mudanzas' },
  { key: 'perfil', label: 'Mi Perfil' },
];

/** The chosen tab lives in the address (?tab=perfil), so a reload or a shared link keeps it. */
function useTab(): [ClientTab, (tab: ClientTab) => void] {
  const [params, setParams] = useSearchParams();
  const tab: ClientTab = params.get('tab') === 'perfil' ? 'perfil' : 'mudanzas';
  const choose = (next: ClientTab) =>
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        if (next === 'mudanzas') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  return [tab, choose];
}

/** §2 client dashboard (/cliente/:id). The route guard lets only the client whose id it is in. */
export function ClientDashboardPage() {
  useDocumentTitle('Mi área de cliente');
  const user = useAuthStore((s) => s.user);
  const [tab, setTab] = useTab();
  const tabRefs = useRef<Record<ClientTab, HTMLButtonElement | null>>({ mudanzas: null, perfil: null });
  const userId = user?.id;
  const review = useReviewParam();

  useLiveClientMoves(userId);
  useOwnReviews(userId);

  if (!user) return null;

  // §2 ARIA tabs: arrows, Home and End move between the tabs and select them.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.key === tab);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const key = TABS[next]!.key;
    setTab(key);
    tabRefs.current[key]?.focus();
  };

  const firstName = splitFullName(user.nombre).nombre || user.nombre;

  return (
    <div className="client-dashboard">
      <header className="client-hero">
        <div className="container client-hero__inner">
          {/* One heading names the page and greets: 'Mi área de cliente ¡Hola, Marta!'. */}
          <h1 className="client-hero__heading">
            <span className="client-hero__eyebrow">Mi área de cliente</span>{' '}
            <span className="client-hero__title">¡Hola, {firstName}!</span>
          </h1>
          <div className="client-hero__live">
            <LiveIndicator />
          </div>
          <p className="client-hero__subtitle">
            Aquí tienes tus mudanzas, tus facturas y albaranes, y tus datos. Los cambios de estado aparecen al momento.
          </p>
        </div>
      </header>

      <div className="container client-dashboard__body">
        <ReviewInvitation onReview={review.open} />

        <QuickActions onReview={review.open} />

        <CustomerStats />

        <MyDocuments />

        <section className="client-tabs-section" aria-label="Mi cuenta">
          <div className="client-tabs" role="tablist" aria-label="Secciones de mi cuenta">
            {TABS.map((t) => (
              <button
                key={t.key}
                ref={(el) => {
                  tabRefs.current[t.key] = el;
                }}
                id={`client-tab-${t.key}`}
                type="button"
                role="tab"
                className={`client-tabs__tab${tab === t.key ? ' is-active' : ''}`}
                aria-selected={tab === t.key}
                aria-controls={`client-panel-${t.key}`}
                tabIndex={tab === t.key ? 0 : -1}
                onClick={() => setTab(t.key)}
                onKeyDown={onTabKey}
              >
                {t.label}
              </button>
            ))}
          </div>

          <div
            id="client-panel-mudanzas"
            role="tabpanel"
            aria-labelledby="client-tab-mudanzas"
            className="client-panel"
            hidden={tab !== 'mudanzas'}
            tabIndex={0}
          >
            <MovesTab />
          </div>
          <div
            id="client-panel-perfil"
            role="tabpanel"
            aria-labelledby="client-tab-perfil"
            className="client-panel"
            hidden={tab !== 'perfil'}
            tabIndex={0}
          >
            <ProfileTab user={user} />
          </div>
        </section>
      </div>

      {review.moveId !== null && (
        <ReviewForm moveId={review.moveId} onChooseMove={review.open} onClose={review.close} />
      )}
    </div>
  );
}

/**
 * Keeps the client's own reviews loaded: again whenever a move of theirs finishes, since a
 * finished move is one to invite them to rate.
 */
function useOwnReviews(userId: string | undefined): void {
  const load = useOwnReviewsStore((s) => s.load);
  const reset = useOwnReviewsStore((s) => s.reset);
  const finished = useClientMovesStore((s) =>
    s.moves
      .filter((m) => m.status === 'completed')
      .map((m) => m.id)
      .join(','),
  );
  useEffect(() => {
    if (!userId) return;
    // Another account may have used this page before (the store is module-wide).
    reset();
  }, [userId, reset]);
  useEffect(() => {
    if (userId) void load();
  }, [userId, finished, load]);
}

/**
 * '/cliente', the link in the client's emails (e.g. /cliente?valorar=7): their own area, with
 * what the link asks for kept.
 */
export function ClientAreaRedirect() {
  const user = useAuthStore((s) => s.user);
  const location = useLocation();
  if (!user) return null;
  return <Navigate to={`${homePathFor(user)}${location.search}`} replace />;
}
