import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import './ErrorPage.css';

/** §2 "Error page: banner, title, two subtitles, link home"; also the router's error screen. */
export function ErrorPage() {
  useDocumentTitle('Error');
  return (
    <section className="error-page">
      <div className="error-page__banner" role="img" aria-label="Camión de mudanzas detenido">
        <svg viewBox="0 0 240 120" width="240" height="120" aria-hidden="true">
          <rect x="20" y="30" width="120" height="60" rx="6" fill="var(--color-card)" />
          <path d="M140 50h40l24 24v16h-64z" fill="var(--color-accent-light)" />
          <circle cx="60" cy="96" r="12" fill="var(--color-surface-dark)" stroke="var(--color-card)" strokeWidth="4" />
          <circle cx="172" cy="96" r="12" fill="var(--color-surface-dark)" stroke="var(--color-card)" strokeWidth="4" />
          <path d="M70 52l20 20M90 52L70 72" stroke="var(--color-primary)" strokeWidth="6" strokeLinecap="round" />
        </svg>
      </div>
      <div className="container error-page__body">
        <h1 className="error-page__title">¡Vaya! Algo ha salido mal</h1>
        <p className="error-page__subtitle">No hemos podido completar tu solicitud.</p>
        <p className="error-page__subtitle error-page__subtitle--muted">
          Inténtalo de nuevo en unos minutos o vuelve a la página de inicio.
        </p>
        <Link to="/" className="button button--primary">
          Volver al inicio
        </Link>
      </div>
    </section>
  );
}
