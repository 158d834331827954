import { Link } from 'react-router-dom';
import { staffDashboardFor } from '../../../lib/access';
import { useAuthStore } from '../../../lib/useAuthStore';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { ClaimsSection } from './ClaimsSection';
import './ClaimsPage.css';

/**
 * /reclamaciones: the claims on a page of their own, for the staff who read them outside /gestion
 * (the auditor, the admin); /gestion shows the managers the same section among the others.
 */
export function ClaimsPage() {
  useDocumentTitle('Reclamaciones');
  const role = useAuthStore((s) => s.user?.role);
  return (
    <div className="claims-page">
      <header className="claims-page__hero">
        <div className="container">
          <h1 className="claims-page__title">Reclamaciones de los clientes</h1>
          <p className="claims-page__subtitle">
            Cada reclamación con su plazo de respuesta (15 días hábiles) y lo que anotó el equipo en la recogida y la
            entrega.
          </p>
        </div>
      </header>
      <div className="container claims-page__body">
        <ClaimsSection />
        {role && (
          <Link to={staffDashboardFor(role)} className="button button--outline claims-page__back">
            Volver a mi panel
          </Link>
        )}
      </div>
    </div>
  );
}
