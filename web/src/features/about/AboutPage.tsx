import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { WhatsappIcon } from '../../components/icons';
import { whatsappUrl } from '../../lib/company';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { usePrefersReducedMotion } from '../../lib/usePrefersReducedMotion';
import { ABOUT_SECTIONS, SCROLL_OFFSET_PX } from './aboutContent';
import { useActiveSection } from './useActiveSection';
import './AboutPage.css';

const IDS = ABOUT_SECTIONS.map((s) => s.id);
const WHATSAPP_MESSAGE = 'Hola, me gustaría pedir información sobre una mudanza.';

/** §2 About: hero, four sections with images and dot navigation, a WhatsApp card and an FAQ card. */
export function AboutPage() {
  useDocumentTitle('Sobre nosotros');
  const [active, setActive] = useActiveSection(IDS, SCROLL_OFFSET_PX);
  const reduced = usePrefersReducedMotion();

  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const section = document.getElementById(id);
    if (!section) return;
    event.preventDefault();
    setActive(id);
    const top = section.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX;
    window.scrollTo({ top, behavior: reduced ? 'auto' : 'smooth' });
    // Keyboard and screen-reader users continue from the section they chose.
    section.focus({ preventScroll: true });
    window.history.replaceState(window.history.state, '', `#${id}`);
  };

  return (
    <div className="about">
      <section className="about-hero" aria-labelledby="about-title" data-section-sentinel>
        <div className="container about-hero__inner">
          <p className="about-hero__eyebrow">Mudanzas Madrid S.L.</p>
          <h1 id="about-title" className="about-hero__title">
            Sobre nosotros
          </h1>
          <p className="about-hero__subtitle">
            Desde 2009 ayudamos a familias y empresas de Madrid a cambiar de casa sin sobresaltos: con equipo propio,
            seguro incluido y el precio cerrado desde el primer día.
          </p>
        </div>
      </section>

      <nav className="about-dots" aria-label="Secciones de la página">
        <ol>
          {ABOUT_SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="about-dots__link"
                aria-current={active === section.id ? 'location' : undefined}
                onClick={(event) => goTo(event, section.id)}
              >
                <span className="about-dots__label">{section.title}</span>
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {ABOUT_SECTIONS.map((section, i) => (
        <section
          key={section.id}
          id={section.id}
          className={`about-section${i % 2 === 1 ? ' about-section--alt' : ''}`}
          aria-labelledby={`${section.id}-title`}
          tabIndex={-1}
        >
          <div className="container about-section__inner">
            <div className="about-section__copy">
              <p className="about-section__eyebrow">{section.eyebrow}</p>
              <h2 id={`${section.id}-title`} className="about-section__title">
                {section.title}
              </h2>
              {section.paragraphs.map((p) => (
                <p key={p.slice(0, 24)} className="about-section__text">
                  {p}
                </p>
              ))}
              <dl className="about-section__facts">
                {section.facts.map((fact) => (
                  <div key={fact.label}>
                    <dt>{fact.label}</dt>
                    <dd>{fact.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <img
              className="about-section__image"
              src={section.image.src}
              alt={section.image.alt}
              width={800}
              height={600}
              loading={i === 0 ? 'eager' : 'lazy'}
            />
          </div>
        </section>
      ))}

      <section className="about-contact" aria-labelledby="about-contact-title" data-section-sentinel>
        <div className="container">
          <h2 id="about-contact-title" className="about-contact__title">
            ¿Hablamos?
          </h2>
          <ul className="about-cards">
            <li className="about-card about-card--whatsapp">
              <span className="about-card__icon">
                <WhatsappIcon width={26} height={26} />
              </span>
              <h3 className="about-card__title">Escríbenos por WhatsApp</h3>
              <p className="about-card__text">
                Cuéntanos qué necesitas mover y te contestamos en horario de oficina: de lunes a viernes de 8:00 a 21:00
                y los sábados de 9:00 a 15:00.
              </p>
              <a
                className="button about-card__action about-card__action--whatsapp"
                href={whatsappUrl(undefined, WHATSAPP_MESSAGE)}
                target="_blank"
                rel="noopener noreferrer"
              >
                Abrir WhatsApp
                <span className="sr-only"> (se abre en una ventana nueva)</span>
              </a>
            </li>
            <li className="about-card">
              <span className="about-card__icon about-card__icon--faq" aria-hidden="true">
                ?
              </span>
              <h3 className="about-card__title">Preguntas frecuentes</h3>
              <p className="about-card__text">
                Reservas, cambios de fecha, cancelaciones, seguro y reclamaciones: las respuestas a lo que más nos
                preguntan.
              </p>
              <Link className="button button--primary about-card__action" to="/preguntas-frecuentes">
                Ver preguntas frecuentes
              </Link>
            </li>
          </ul>
        </div>
      </section>
    </div>
  );
}
