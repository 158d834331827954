import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EuroIcon, PinIcon, StarIcon, TruckIcon, UserPlusIcon, WhatsappIcon } from '../../components/icons';
import { SUPPORT_MESSAGE, whatsappUrl } from '../../lib/company';
import { trackingPath } from './clientMoves';
import { DOCUMENTS_ANCHOR } from './documents/MyDocuments';
import { ReferralModal } from './referral/ReferralModal';
import { useOwnReviewsStore } from './reviews/useOwnReviewsStore';

/** 'review': the review form for the newest finished move awaiting one, or /opiniones when none does.
 * 'referral': the client's personal link to share, in a dialog. */
type Target =
  | { kind: 'route'; to: string }
  | { kind: 'external'; href: string }
  | { kind: 'documents' }
  | { kind: 'review' }
  | { kind: 'referral' };

interface QuickAction {
  title: string;
  description: string;
  icon: ReactNode;
  target: Target;
}

/** §2: the six actions; those not built yet are announced. */
export const QUICK_ACTIONS: readonly QuickAction[] = [
  {
    title: 'Nueva mudanza',
    description: 'Calcula el precio y pide tu presupuesto.',
    icon: <TruckIcon />,
    target: { kind: 'route', to: '/buscador-precios' },
  },
  {
    title: 'Seguir mudanza',
    description: 'Sigue a tu equipo en directo el día de la mudanza.',
    icon: <PinIcon />,
    target: { kind: 'route', to: trackingPath() },
  },
  {
    title: 'Contactar con soporte',
    description: 'Escríbenos por WhatsApp.',
    icon: <WhatsappIcon />,
    target: { kind: 'external', href: whatsappUrl(undefined, SUPPORT_MESSAGE) },
  },
  {
    title: 'Descargar factura',
    description: 'Tus facturas y albaranes en PDF.',
    icon: <EuroIcon />,
    target: { kind: 'documents' },
  },
  {
    title: 'Valorar servicio',
    description: 'Cuéntanos qué tal fue tu mudanza.',
    icon: <StarIcon />,
    target: { kind: 'review' },
  },
  {
    title: 'Recomendar a un amigo',
    description: 'Comparte tu experiencia con quien se muda.',
    icon: <UserPlusIcon />,
    target: { kind: 'referral' },
  },
];

function Content({ action }: { action: QuickAction }) {
  return (
    <>
      <span className="client-action__icon" aria-hidden="true">
        {action.icon}
      </span>
      <span className="client-action__text">
        <span className="client-action__title">{action.title}</span>
        <span className="client-action__description">{action.description}</span>
      </span>
    </>
  );
}

/** The documents' section of the dashboard, brought into view and focused for keyboard users. */
function showDocuments() {
  const section = document.getElementById(DOCUMENTS_ANCHOR);
  section?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  section?.focus({ preventScroll: true });
}

/** With no finished move awaiting a review, 'Valorar servicio' says so and leads to the others' reviews. */
const NOTHING_TO_RATE = 'No tienes mudanzas por valorar. Lee lo que opinan otros clientes.';

export function QuickActions({ onReview }: { onReview: (moveId: number) => void }) {
  const toRate = useOwnReviewsStore((s) => s.awaiting[0]);
  const reviewsLoaded = useOwnReviewsStore((s) => s.loaded);
  const [referring, setReferring] = useState(false);
  return (
    <section className="client-actions" aria-labelledby="client-actions-title">
      <h2 id="client-actions-title" className="client-section-title">
        Acciones rápidas
      </h2>
      <ul className="client-actions__grid">
        {QUICK_ACTIONS.map((action) => {
          const { target } = action;
          return (
            <li key={action.title}>
              {target.kind === 'review' ? (
                toRate !== undefined || !reviewsLoaded ? (
                  <button
                    type="button"
                    className="client-action"
                    disabled={toRate === undefined}
                    onClick={() => toRate !== undefined && onReview(toRate)}
                  >
                    <Content action={action} />
                  </button>
                ) : (
                  <Link to="/opiniones" className="client-action">
                    <Content action={{ ...action, description: NOTHING_TO_RATE }} />
                  </Link>
                )
              ) : target.kind === 'referral' ? (
                <button
                  type="button"
                  className="client-action"
                  aria-haspopup="dialog"
                  onClick={() => setReferring(true)}
                >
                  <Content action={action} />
                </button>
              ) : target.kind === 'route' ? (
                <Link to={target.to} className="client-action">
                  <Content action={action} />
                </Link>
              ) : target.kind === 'external' ? (
                <a
                  href={target.href}
                  className="client-action"
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-describedby="client-actions-new-tab"
                >
                  <Content action={action} />
                </a>
              ) : (
                <button type="button" className="client-action" onClick={showDocuments}>
                  <Content action={action} />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <p id="client-actions-new-tab" className="sr-only">
        Se abre en una pestaña nueva
      </p>
      {referring && <ReferralModal onClose={() => setReferring(false)} />}
    </section>
  );
}
