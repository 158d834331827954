import { useCallback, useState, type ReactNode } from 'react';
import type { JobPosition } from '../../lib/api';
import { COMPANY_EMAIL, COMPANY_PHONE, COMPANY_PHONE_HREF } from '../../lib/company';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ClockIcon, MailIcon, PhoneIcon, TruckIcon, UsersIcon } from '../../components/icons';
import {
  BriefcaseIcon,
  CalendarIcon,
  FileIcon,
  GraduationIcon,
  HeartIcon,
  SendIcon,
  ShieldIcon,
  TrendIcon,
} from '../../components/formIcons';
import { EMPTY_APPLICATION, type ApplicationDraft } from './application';
import { POSITIONS } from '../../lib/options';
import { ApplicationModal } from './ApplicationModal';
import './WorkWithUsPage.css';

const REASONS: readonly { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Un equipo que se cuida',
    text: 'Trabajas siempre en equipo, con el material adecuado para que nadie cargue más de la cuenta.',
    icon: <UsersIcon width={24} height={24} />,
  },
  {
    title: 'Trabajo todo el año',
    text: 'Mudanzas de hogares, oficinas y guardamuebles en Madrid, en toda España y en Europa.',
    icon: <TruckIcon width={24} height={24} />,
  },
  {
    title: 'Clientes que repiten',
    text: 'Una valoración media de 4,9 sobre 5: aquí el trabajo bien hecho se nota y se reconoce.',
    icon: <HeartIcon />,
  },
  {
    title: 'Puedes crecer',
    text: 'Muchos de nuestros coordinadores empezaron como operarios. Te ayudamos a dar el paso.',
    icon: <TrendIcon />,
  },
];

const OFFER: readonly { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Contrato y alta desde el primer día',
    text: 'Salario según convenio del transporte de mercancías, con pluses por desplazamiento.',
    icon: <FileIcon />,
  },
  {
    title: 'Formación pagada',
    text: 'Embalaje profesional, montaje de muebles, manipulación de cargas y CAP para conductores.',
    icon: <GraduationIcon />,
  },
  {
    title: 'Seguridad y equipo',
    text: 'Ropa de trabajo, calzado de seguridad, fajas y herramientas a cargo de la empresa.',
    icon: <ShieldIcon />,
  },
  {
    title: 'Horarios que se conocen',
    text: 'Planificamos la semana con antelación: sabes cuándo trabajas y cuándo descansas.',
    icon: <CalendarIcon />,
  },
];

const STEPS: readonly { title: string; text: string }[] = [
  { title: 'Envía tu candidatura', text: 'Con el formulario de esta página y tu CV en PDF, DOC o DOCX.' },
  { title: 'La revisamos', text: 'Te respondemos en un plazo de 7 días laborables, encajes o no en el puesto.' },
  { title: 'Nos conocemos', text: 'Una entrevista en nuestras instalaciones de Madrid o por videollamada.' },
  { title: 'Te incorporas', text: 'Empiezas acompañado de un compañero con experiencia hasta que te sientas seguro.' },
];

/** §2 Work with us: hero, four sections, the HR contact card and the (real) application dialog. */
export function WorkWithUsPage() {
  useDocumentTitle('Trabaja con nosotros');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ApplicationDraft>(EMPTY_APPLICATION);

  const openFor = (position?: JobPosition) => {
    if (position) setDraft((d) => ({ ...d, position }));
    setOpen(true);
  };
  const close = useCallback(() => setOpen(false), []);
  const done = useCallback(() => {
    setDraft(EMPTY_APPLICATION);
    setOpen(false);
  }, []);

  return (
    <div className="wwu">
      <section className="wwu-hero" aria-labelledby="wwu-titulo">
        <div className="container wwu-hero__inner">
          <p className="wwu-hero__eyebrow">Empleo</p>
          <h1 id="wwu-titulo" className="wwu-hero__title">
            Trabaja con nosotros
          </h1>
          <p className="wwu-hero__subtitle">
            Buscamos personas cuidadosas y con ganas de trabajar en equipo para mover hogares y oficinas desde Madrid a
            toda España y Europa.
          </p>
          <button type="button" className="button wwu-hero__cta" onClick={() => openFor()}>
            <SendIcon width={20} height={20} />
            Enviar candidatura
          </button>
        </div>
      </section>

      <section className="container wwu-section" aria-labelledby="wwu-por-que">
        <h2 id="wwu-por-que" className="wwu-section__title">
          Por qué trabajar con nosotros
        </h2>
        <ul className="wwu-cards">
          {REASONS.map((r) => (
            <li key={r.title} className="wwu-card">
              <span className="wwu-card__icon" aria-hidden="true">
                {r.icon}
              </span>
              <h3 className="wwu-card__title">{r.title}</h3>
              <p className="wwu-muted">{r.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="wwu-band" aria-labelledby="wwu-puestos">
        <div className="container">
          <h2 id="wwu-puestos" className="wwu-section__title">
            Puestos
          </h2>
          <p className="wwu-muted wwu-section__intro">
            Estos son los perfiles que buscamos. Elige uno al enviar tu candidatura.
          </p>
          <ul className="wwu-positions">
            {POSITIONS.map((p) => (
              <li key={p.value} className="wwu-position">
                <span className="wwu-position__icon" aria-hidden="true">
                  <BriefcaseIcon width={20} height={20} />
                </span>
                <h3 className="wwu-position__title">{p.label}</h3>
                <p className="wwu-muted">{p.text}</p>
                <button
                  type="button"
                  className="button button--outline wwu-position__apply"
                  onClick={() => openFor(p.value)}
                >
                  Presentarme <span className="sr-only">al puesto de {p.label}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container wwu-section" aria-labelledby="wwu-ofrecemos">
        <h2 id="wwu-ofrecemos" className="wwu-section__title">
          Qué ofrecemos
        </h2>
        <ul className="wwu-cards">
          {OFFER.map((o) => (
            <li key={o.title} className="wwu-card wwu-card--offer">
              <span className="wwu-card__icon" aria-hidden="true">
                {o.icon}
              </span>
              <h3 className="wwu-card__title">{o.title}</h3>
              <p className="wwu-muted">{o.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="container wwu-split">
        <section className="wwu-process" aria-labelledby="wwu-proceso">
          <h2 id="wwu-proceso" className="wwu-section__title">
            Cómo es el proceso
          </h2>
          <ol className="wwu-steps">
            {STEPS.map((s, i) => (
              <li key={s.title} className="wwu-step">
                <span className="wwu-step__number" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3 className="wwu-step__title">{s.title}</h3>
                  <p className="wwu-muted">{s.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <aside className="wwu-hr" aria-labelledby="wwu-rrhh">
          <h2 id="wwu-rrhh" className="wwu-hr__title">
            Recursos Humanos
          </h2>
          <p className="wwu-hr__text">¿Tienes dudas sobre un puesto o sobre tu candidatura? Escríbenos o llámanos.</p>
          <ul className="wwu-hr__list">
            <li>
              <MailIcon />
              <a href={`mailto:${COMPANY_EMAIL}?subject=${encodeURIComponent('Candidatura')}`}>{COMPANY_EMAIL}</a>
            </li>
            <li>
              <PhoneIcon />
              <a href={COMPANY_PHONE_HREF}>{COMPANY_PHONE}</a>
            </li>
            <li>
              <ClockIcon />
              <span>Lunes a viernes 8:00-21:00, sábados 9:00-15:00</span>
            </li>
          </ul>
          <button type="button" className="button button--primary button--block" onClick={() => openFor()}>
            Enviar candidatura
          </button>
        </aside>
      </div>

      {open && <ApplicationModal draft={draft} onDraft={setDraft} onClose={close} onDone={done} />}
    </div>
  );
}
