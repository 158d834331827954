import { useDocumentTitle } from '../../lib/useDocumentTitle';
import './HomePage.css';

export function HomePage() {
  useDocumentTitle('Mudanzas en Madrid');
  return (
    <section className="home-hero">
      <div className="container home-hero__inner">
        <p className="home-hero__eyebrow">Empresa de mudanzas</p>
        <h1 className="home-hero__title">Mudanzas en Madrid</h1>
        <p className="home-hero__badge">En construcción</p>
      </div>
    </section>
  );
}
