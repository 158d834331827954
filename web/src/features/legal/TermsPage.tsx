import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ContentHero } from '../../components/ContentHero';
import { MailIcon, PhoneIcon } from '../../components/icons';
import { COMPANY_EMAIL, COMPANY_PHONE, COMPANY_PHONE_HREF } from '../../lib/company';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { formatLegalDate, TERMS_LAST_UPDATED } from './legalData';
import { scrollToElement } from './scroll';
import { QUICK_NAV_SECTIONS, TERMS_SECTIONS } from './termsContent';
import './LegalPages.css';

/**
 * The static HTML's own links to pages of the site ('/politica-privacidad') go through the router,
 * like every other link, instead of reloading the whole app.
 */
function useRouterLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || !href.startsWith('/') || href.startsWith('//') || anchor.target) return;
    event.preventDefault();
    navigate(href);
  };
}

export function TermsPage() {
  useDocumentTitle('Condiciones de uso');
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const { hash } = useLocation();
  const onContentClick = useRouterLinks();
  const handledHash = useRef(false);

  const allOpen = open.size === TERMS_SECTIONS.length;

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** Opens the section (so there is something to read when we land), scrolls to it, focuses its heading. */
  const goTo = (id: string) => {
    flushSync(() => setOpen((current) => (current.has(id) ? current : new Set(current).add(id))));
    const section = document.getElementById(id);
    if (!section) return;
    scrollToElement(section);
    section.querySelector<HTMLButtonElement>('.legal-section__toggle')?.focus({ preventScroll: true });
  };

  // A link from elsewhere ('/condiciones-uso#cambios-cancelaciones') lands on its section.
  useEffect(() => {
    if (handledHash.current) return;
    handledHash.current = true;
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (TERMS_SECTIONS.some((section) => section.id === id)) goTo(id);
    // Only the hash the page was opened with (the ref): later clicks scroll by themselves.
  }, [hash]);

  return (
    <div className="legal-page">
      <ContentHero titleId="terms-title" eyebrow="Información legal" title="Condiciones de uso">
        <p className="content-hero__lead">
          Las condiciones de nuestros servicios de mudanza y de esta web: presupuestos, reservas, cancelaciones, seguro
          y reclamaciones, explicados con claridad.
        </p>
        <p className="content-hero__meta">
          Última actualización: <time dateTime={TERMS_LAST_UPDATED}>{formatLegalDate(TERMS_LAST_UPDATED)}</time>
        </p>
      </ContentHero>

      <div className="container legal-page__body">
        <nav className="legal-quicknav" aria-labelledby="terms-quicknav-title">
          <h2 id="terms-quicknav-title" className="legal-quicknav__title">
            Acceso rápido
          </h2>
          <ul className="legal-quicknav__list">
            {QUICK_NAV_SECTIONS.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="legal-quicknav__link"
                  onClick={(event) => {
                    event.preventDefault();
                    goTo(section.id);
                  }}
                >
                  <span className="legal-quicknav__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="legal-sections">
          <div className="legal-sections__tools">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setOpen(allOpen ? new Set() : new Set(TERMS_SECTIONS.map((s) => s.id)))}
            >
              {allOpen ? 'Plegar todas las secciones' : 'Desplegar todas las secciones'}
            </button>
          </div>
          {TERMS_SECTIONS.map((section, index) => {
            const isOpen = open.has(section.id);
            const buttonId = `${section.id}-toggle`;
            const panelId = `${section.id}-content`;
            return (
              <section key={section.id} id={section.id} className={`legal-section${isOpen ? ' is-open' : ''}`}>
                <h2 className="legal-section__heading">
                  <button
                    type="button"
                    id={buttonId}
                    className="legal-section__toggle"
                    aria-expanded={isOpen}
                    aria-controls={panelId}
                    onClick={() => toggle(section.id)}
                  >
                    <span className="legal-section__number">{index + 1}.</span>
                    <span className="legal-section__title">{section.title}</span>
                    <svg
                      className="legal-section__chevron"
                      viewBox="0 0 24 24"
                      width="20"
                      height="20"
                      aria-hidden="true"
                      focusable="false"
                    >
                      <path
                        d="M6 9l6 6 6-6"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      />
                    </svg>
                  </button>
                </h2>
                {/* Trusted static HTML from termsContent.ts: no user input reaches it. */}
                <div
                  id={panelId}
                  role="region"
                  aria-labelledby={buttonId}
                  className="legal-prose legal-section__content"
                  hidden={!isOpen}
                  onClick={onContentClick}
                  dangerouslySetInnerHTML={{ __html: section.html }}
                />
              </section>
            );
          })}
        </div>

        <section className="legal-contact" aria-labelledby="terms-contact-title">
          <h2 id="terms-contact-title" className="legal-contact__title">
            ¿Tienes dudas sobre estas condiciones?
          </h2>
          <p>
            Te las explicamos con gusto. Atendemos de lunes a viernes de 8:00 a 21:00 y los sábados de 9:00 a 15:00.
          </p>
          <ul className="legal-contact__methods">
            <li>
              <a href={`mailto:${COMPANY_EMAIL}`} className="legal-contact__method">
                <MailIcon />
                {COMPANY_EMAIL}
              </a>
            </li>
            <li>
              <a href={COMPANY_PHONE_HREF} className="legal-contact__method">
                <PhoneIcon />
                {COMPANY_PHONE}
              </a>
            </li>
          </ul>
          <Link to="/contacto" className="button button--primary">
            Ir a la página de contacto
          </Link>
        </section>
      </div>
    </div>
  );
}
