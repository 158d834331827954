import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Carousel } from './Carousel';
import { HomeIcon } from './homeIcons';
import { Doubts, ExpandingBanner, Metrics, Reasons, Services, StatisticsStrip } from './HomeSections';
import './HomePage.css';

/** §1 home: hero, services, statistics, banners, reasons, carousel, metrics and the FAQ link. */
export function HomePage() {
  useDocumentTitle('Mudanzas en Madrid');
  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container home-hero__inner">
          <div className="home-hero__copy">
            <p className="home-hero__eyebrow">Mudanzas Madrid · desde 2009</p>
            <h1 id="home-title" className="home-hero__title">
              Mudanzas en Madrid
            </h1>
            <p className="home-hero__subtitle">
              Embalamos, transportamos y montamos tu casa u oficina con seguro incluido y precio cerrado. Por toda
              España y hasta cualquier ciudad de Europa.
            </p>
            <div className="home-hero__actions">
              <Link to="/buscador-precios" className="button home-hero__primary">
                Calcular precio
              </Link>
              <Link to="/contacto" className="button home-hero__secondary">
                Contactar
              </Link>
            </div>
            <ul className="home-hero__points">
              {['Seguro de daños incluido', 'Respuesta en menos de 24 h', 'Cambio de fecha gratis con 48 h'].map(
                (point) => (
                  <li key={point}>
                    <HomeIcon name="check" size={18} />
                    {point}
                  </li>
                ),
              )}
            </ul>
          </div>
          <img
            className="home-hero__image"
            src="/img/carrusel/01.svg"
            alt=""
            width={1200}
            height={600}
            fetchPriority="high"
          />
        </div>
      </section>

      <Services />
      <StatisticsStrip />
      <ExpandingBanner
        id="home-banner-about"
        tone="blue"
        image="/img/sobre-nosotros/equipo.svg"
        eyebrow="Sobre nosotros"
        title="Un equipo de Madrid que mueve Madrid"
        text="Empezamos en 2009 con una furgoneta en Embajadores. Hoy somos más de 30 profesionales con camiones propios, y seguimos tratando cada mudanza como si fuera la nuestra."
        to="/sobre-nosotros"
        action="Conoce nuestra historia"
      />
      <Reasons />
      <section className="home-section" aria-labelledby="home-gallery-title">
        <div className="container">
          <div className="home-section__header">
            <p className="home-section__eyebrow">Nuestro trabajo</p>
            <h2 id="home-gallery-title" className="home-section__title">
              Así trabajamos cada día
            </h2>
          </div>
          <Carousel />
        </div>
      </section>
      <Metrics />
      <ExpandingBanner
        id="home-banner-contact"
        tone="dark"
        image="/img/carrusel/20.svg"
        eyebrow="Contacto"
        title="¿Hablamos de tu mudanza?"
        text="Cuéntanos qué necesitas mover y cuándo. Te respondemos en menos de 24 horas con un presupuesto sin compromiso."
        to="/contacto"
        action="Escríbenos"
      />
      <Doubts />
    </div>
  );
}
