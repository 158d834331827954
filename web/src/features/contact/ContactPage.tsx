import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { COMPANY_EMAIL, COMPANY_PHONE, COMPANY_PHONE_HREF, whatsappUrl } from '../../lib/company';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import {
  ClockIcon,
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  PhoneIcon,
  PinIcon,
  StarIcon,
  WhatsappIcon,
} from '../../components/icons';
import type { PublishedReview } from '../../lib/api';
import { usePublishedReviews } from '../../lib/usePublishedReviews';
import { formatCalendarDate } from '../../lib/format';
import { ContactForm } from './ContactForm';
import { BriefcaseIcon, CalculatorIcon, GlobeIcon, QuestionIcon, RouteIcon } from '../../components/formIcons';
import './ContactPage.css';

const WHATSAPP_TEXT = 'Hola, me gustaría pedir información sobre una mudanza.';

const METHODS: readonly {
  title: string;
  text: string;
  value: string;
  href: string;
  action: string;
  external?: boolean;
  tone: string;
  icon: ReactNode;
}[] = [
  {
    title: 'WhatsApp',
    text: 'La forma más rápida: escríbenos y te contestamos en el horario de atención.',
    value: COMPANY_PHONE,
    href: whatsappUrl(COMPANY_PHONE, WHATSAPP_TEXT),
    action: 'Abrir WhatsApp',
    external: true,
    tone: 'whatsapp',
    icon: <WhatsappIcon width={24} height={24} />,
  },
  {
    title: 'Email',
    text: 'Para enviarnos fotos, listas de objetos o planos de tu vivienda.',
    value: COMPANY_EMAIL,
    href: `mailto:${COMPANY_EMAIL}`,
    action: 'Escribir un email',
    tone: 'email',
    icon: <MailIcon width={24} height={24} />,
  },
  {
    title: 'Teléfono',
    text: 'Habla directamente con un coordinador de mudanzas.',
    value: COMPANY_PHONE,
    href: COMPANY_PHONE_HREF,
    action: 'Llamar ahora',
    tone: 'phone',
    icon: <PhoneIcon width={24} height={24} />,
  },
];

const QUICK_ACTIONS = [
  {
    to: '/buscador-precios',
    title: 'Calcula tu precio',
    text: 'Precio orientativo en unos minutos con el buscador de precios.',
    icon: <CalculatorIcon />,
  },
  {
    to: '/preguntas-frecuentes',
    title: 'Preguntas frecuentes',
    text: 'Reservas, cambios de fecha, cancelaciones, seguros y reclamaciones.',
    icon: <QuestionIcon />,
  },
  {
    to: '/opiniones',
    title: 'Opiniones de clientes',
    text: 'Lo que cuentan quienes ya se mudaron con nosotros.',
    icon: <StarIcon width={24} height={24} />,
  },
  {
    to: '/trabaja-con-nosotros',
    title: 'Trabaja con nosotros',
    text: 'Buscamos conductores, operarios y coordinadores.',
    icon: <BriefcaseIcon />,
  },
] as const;

const COVERAGE = [
  {
    title: 'Madrid',
    text: 'Madrid capital y toda la Comunidad de Madrid: mudanzas locales, a menudo en el mismo día.',
    icon: <PinIcon width={24} height={24} />,
  },
  {
    title: 'Toda España',
    text: 'Mudanzas nacionales a cualquier provincia, con presupuesto cerrado y seguimiento del camión.',
    icon: <RouteIcon />,
  },
  {
    title: 'Europa',
    text: 'Mudanzas internacionales a Portugal, Francia, Italia, Alemania y el resto de Europa, con guardamuebles si lo necesitas.',
    icon: <GlobeIcon />,
  },
] as const;

const SOCIAL = [
  {
    href: 'https://www.facebook.com/',
    label: 'Facebook',
    text: 'Fotos de nuestras mudanzas y avisos',
    Icon: FacebookIcon,
  },
  { href: 'https://www.instagram.com/', label: 'Instagram', text: 'El día a día del equipo', Icon: InstagramIcon },
  { href: whatsappUrl(), label: 'WhatsApp', text: 'Escríbenos cuando quieras', Icon: WhatsappIcon },
] as const;

/** The reviews quoted here: the three newest of five stars among the published ones. */
function quoted(reviews: readonly PublishedReview[]): readonly PublishedReview[] {
  return reviews.filter((r) => r.rating === 5).slice(0, 3);
}

/** §2 Contact: form, contact methods, quick actions, coverage, social platforms, testimonials. */
export function ContactPage() {
  useDocumentTitle('Contacto');
  const quotes = quoted(usePublishedReviews({ refresh: false }).reviews);
  return (
    <div className="contact">
      <section className="contact-hero" aria-labelledby="contacto-titulo">
        <div className="container contact-hero__inner">
          <p className="contact-hero__eyebrow">Contacto</p>
          <h1 id="contacto-titulo" className="contact-hero__title">
            Hablemos de tu mudanza
          </h1>
          <p className="contact-hero__subtitle">
            Cuéntanos qué necesitas y te responderemos en menos de 24 horas, con un presupuesto sin compromiso.
          </p>
          <ul className="contact-hero__facts">
            <li>Respuesta en menos de 24 horas</li>
            <li>Presupuesto gratuito</li>
            <li>Madrid, España y Europa</li>
          </ul>
        </div>
      </section>

      <div className="container contact__layout">
        <div className="contact-card contact__form">
          <ContactForm />
        </div>

        <aside className="contact__aside" aria-labelledby="contacto-metodos">
          <h2 id="contacto-metodos" className="contact-section__title">
            Otras formas de contactar
          </h2>
          <ul className="contact-methods">
            {METHODS.map((m) => (
              <li key={m.title} className={`contact-method contact-method--${m.tone}`}>
                <span className="contact-method__icon" aria-hidden="true">
                  {m.icon}
                </span>
                <div className="contact-method__body">
                  <h3 className="contact-method__title">{m.title}</h3>
                  <p className="contact-method__value">{m.value}</p>
                  <p className="contact-muted">{m.text}</p>
                  <a
                    className="button button--outline contact-method__action"
                    href={m.href}
                    {...(m.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {m.action}
                    {m.external && (
                      <>
                        {' '}
                        <span className="sr-only">(se abre en una pestaña nueva)</span>
                      </>
                    )}
                  </a>
                </div>
              </li>
            ))}
          </ul>

          <div className="contact-hours">
            <h3 className="contact-hours__title">
              <ClockIcon /> Horario de atención
            </h3>
            <dl className="contact-hours__list">
              <div>
                <dt>Lunes a viernes</dt>
                <dd>8:00-21:00</dd>
              </div>
              <div>
                <dt>Sábados</dt>
                <dd>9:00-15:00</dd>
              </div>
              <div>
                <dt>Domingos y festivos</dt>
                <dd>Cerrado</dd>
              </div>
            </dl>
          </div>
        </aside>
      </div>

      <section className="contact-band" aria-labelledby="contacto-accesos">
        <div className="container">
          <h2 id="contacto-accesos" className="contact-section__title">
            Quizá encuentres aquí lo que buscas
          </h2>
          <ul className="contact-actions">
            {QUICK_ACTIONS.map((a) => (
              <li key={a.to}>
                <Link to={a.to} className="contact-action">
                  <span className="contact-action__icon" aria-hidden="true">
                    {a.icon}
                  </span>
                  <span className="contact-action__title">{a.title}</span>
                  <span className="contact-action__text">{a.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container contact-coverage" aria-labelledby="contacto-cobertura">
        <h2 id="contacto-cobertura" className="contact-section__title">
          Dónde estamos y adónde llegamos
        </h2>
        <p className="contact-muted contact-coverage__intro">
          Salimos desde Madrid, donde está nuestro equipo y nuestro guardamuebles, hacia cualquier punto de España y de
          Europa.
        </p>
        <ul className="contact-coverage__list">
          {COVERAGE.map((c) => (
            <li key={c.title} className="contact-coverage__item">
              <span className="contact-coverage__icon" aria-hidden="true">
                {c.icon}
              </span>
              <h3 className="contact-coverage__title">{c.title}</h3>
              <p className="contact-muted">{c.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container contact-social" aria-labelledby="contacto-redes">
        <h2 id="contacto-redes" className="contact-section__title">
          Síguenos
        </h2>
        <ul className="contact-social__list">
          {SOCIAL.map(({ href, label, text, Icon }) => (
            <li key={label}>
              <a
                className={`contact-social__link contact-social__link--${label.toLowerCase()}`}
                href={href}
                target="_blank"
                rel="noopener noreferrer"
              >
                <Icon width={22} height={22} />
                <span>
                  <strong>{label}</strong> <span className="contact-social__text">{text}</span>
                </span>{' '}
                <span className="sr-only">(se abre en una pestaña nueva)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="contact-band contact-testimonials" aria-labelledby="contacto-opiniones">
        <div className="container">
          <h2 id="contacto-opiniones" className="contact-section__title">
            Lo que dicen nuestros clientes
          </h2>
          {quotes.length > 0 && (
            <ul className="contact-testimonials__list">
              {quotes.map((r) => (
                <li key={r.id} className="contact-testimonial">
                  <figure>
                    <p className="contact-testimonial__stars" role="img" aria-label={`${r.rating} de 5 estrellas`}>
                      {Array.from({ length: 5 }, (_, i) => (
                        <StarIcon key={i} width={16} height={16} className={i < r.rating ? 'is-on' : undefined} />
                      ))}
                    </p>
                    <blockquote>
                      <p className="contact-testimonial__title">{r.titulo}</p>
                      <p>{r.texto}</p>
                    </blockquote>
                    <figcaption>
                      <strong>{r.nombre}</strong>
                      <span className="contact-muted">
                        {[r.ubicacion, formatCalendarDate(r.fecha, 'longMonth')].filter(Boolean).join(' · ')}
                      </span>
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          )}
          <p className="contact-testimonials__more">
            <Link to="/opiniones" className="button button--outline">
              Ver todas las opiniones
            </Link>
          </p>
        </div>
      </section>
    </div>
  );
}
