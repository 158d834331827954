import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeftIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { DevOutbox } from './DevOutbox';
import './DevPage.css';

/** §2 'Developer page': start, about, project, technologies, philosophy, contact. */
export const DEV_SECTIONS = [
  { id: 'inicio', label: 'Inicio' },
  { id: 'sobre-mi', label: 'Sobre mí' },
  { id: 'proyecto', label: 'Proyecto' },
  { id: 'tecnologias', label: 'Tecnologías' },
  { id: 'filosofia', label: 'Filosofía' },
  { id: 'contacto', label: 'Contacto' },
] as const;

export const CODE_HOST_URL = 'https://github.com/';
export const GAME_SITE_URL = 'https://lichess.org/';

const ARCHITECTURE = [
  {
    title: 'Registro de eventos',
    text: 'Cada cambio en una mudanza, un presupuesto, un estado, una foto o un pago se guarda como un evento en una única tabla de PostgreSQL, a la que solo se añaden filas. Ese registro es la única fuente de verdad.',
  },
  {
    title: 'Proyecciones',
    text: 'Leen el registro en orden y construyen las tablas que necesita cada pantalla: la vista del cliente, la del equipo de mudanzas y la de la gerencia, con precios y analítica.',
  },
  {
    title: 'API en Rust',
    text: 'Un servidor con axum convierte cada petición en un comando, comprueba el rol de quien la hace y responde a las consultas desde las proyecciones.',
  },
  {
    title: 'Tiempo real',
    text: 'Por WebSocket, cada panel recibe al momento los cambios que su usuario puede ver: un operario cambia el estado de una mudanza y la gerencia lo ve sin recargar.',
  },
  {
    title: 'Historial completo',
    text: 'Como nada se sobrescribe, cualquier mudanza puede reconstruirse tal y como estaba en cualquier momento, con quién hizo cada cambio y cuándo.',
  },
] as const;

const TECHNOLOGIES = [
  {
    group: 'Servidor',
    items: ['Rust', 'axum', 'PostgreSQL', 'LISTEN/NOTIFY', 'WebSocket', 'argon2id'],
  },
  {
    group: 'Web',
    items: ['React', 'TypeScript', 'zustand', 'react-router', 'recharts', 'Vite'],
  },
  {
    group: 'Pruebas',
    items: ['vitest', 'Testing Library', 'Chromium con playwright-core', 'Historias de eventos repetidas'],
  },
] as const;

const PRINCIPLES = [
  {
    title: 'Lo sencillo primero',
    text: 'Una pantalla clara, que hace una cosa y la explica, vale más que una llena de opciones.',
  },
  {
    title: 'Que nada se pierda',
    text: 'Si algo cambió, queda constancia de qué, quién y cuándo. Los errores se cuentan con un mensaje comprensible, en español.',
  },
  {
    title: 'Probar lo que importa',
    text: 'Entrar, registrarse, recuperar la contraseña o cambiar el estado de una mudanza tienen su prueba en un navegador real, no solo en el papel.',
  },
  {
    title: 'Para todo el mundo',
    text: 'Formularios con etiquetas, foco visible, contraste suficiente y un diseño que funciona igual en un móvil que en un escritorio.',
  },
] as const;

/**
 * The section being read, for the nav's highlight: the last one whose top has passed a line a
 * third of the way down the window (or the last section once the page cannot scroll further).
 */
function useActiveSection(): string {
  const [active, setActive] = useState<string>(DEV_SECTIONS[0].id);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = window.innerHeight / 3;
      let current: string = DEV_SECTIONS[0].id;
      for (const { id } of DEV_SECTIONS) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= line) current = id;
      }
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom && window.scrollY > 0 && !document.getElementById('buzon')) {
        current = DEV_SECTIONS.at(-1)?.id ?? current;
      }
      setActive(current);
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);
  return active;
}

/** On a phone the nav scrolls sideways; keep the highlighted link in sight. */
function useKeepActiveInView(nav: RefObject<HTMLElement | null>, active: string) {
  useEffect(() => {
    const element = nav.current;
    const link = element?.querySelector<HTMLElement>(`a[href="#${active}"]`);
    if (!element || !link || element.scrollWidth <= element.clientWidth || typeof element.scrollBy !== 'function')
      return;
    const navBox = element.getBoundingClientRect();
    const linkBox = link.getBoundingClientRect();
    element.scrollBy({ left: linkBox.left - navBox.left - (navBox.width - linkBox.width) / 2, behavior: 'smooth' });
  }, [nav, active]);
}

export function DevPage() {
  useDocumentTitle('Sobre el desarrollador');
  const active = useActiveSection();
  const navRef = useRef<HTMLElement>(null);
  useKeepActiveInView(navRef, active);

  return (
    <div className="dev-page">
      <div className="dev-bar">
        <div className="dev-bar__inner">
          <Link to="/" className="dev-bar__home">
            <ArrowLeftIcon width={18} height={18} />
            Volver a Mudanzas
          </Link>
          <nav ref={navRef} className="dev-nav" aria-label="Secciones de la página">
            <ul className="dev-nav__list">
              {DEV_SECTIONS.map(({ id, label }) => (
                <li key={id}>
                  <a
                    href={`#${id}`}
                    className={`dev-nav__link${active === id ? ' is-active' : ''}`}
                    aria-current={active === id ? 'location' : undefined}
                  >
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>

      <section id="inicio" className="dev-hero" aria-labelledby="dev-title">
        <div className="dev-container">
          <p className="dev-hero__eyebrow">Sobre el desarrollador</p>
          <h1 id="dev-title" className="dev-hero__title">
            Detrás de la web de Mudanzas
          </h1>
          <p className="dev-hero__lead">
            Esta página cuenta quién ha construido esta web, cómo funciona por dentro y con qué ideas se ha hecho. Si
            buscas una mudanza, la portada es el mejor sitio para empezar.
          </p>
          <div className="dev-hero__actions">
            <a href="#proyecto" className="button button--primary">
              Ver el proyecto
            </a>
            <Link to="/" className="button dev-hero__ghost">
              Ir a la portada
            </Link>
          </div>
        </div>
      </section>

      <div className="dev-container dev-body">
        <section id="sobre-mi" className="dev-section" aria-labelledby="dev-about-title">
          <h2 id="dev-about-title" className="dev-section__title">
            Sobre mí
          </h2>
          <p>
            Soy desarrollador de software. Me gusta construir sistemas que se puedan explicar: que cada dato tenga un
            origen claro y que cada pantalla muestre algo que se pueda comprobar. Trabajo a gusto en los dos lados, en
            el servidor con Rust y en el navegador con React.
          </p>
          <p>
            Lo que más disfruto es que una aplicación sencilla por fuera resuelva bien un problema real por dentro: en
            este caso, que una familia sepa cuánto le costará mudarse y que el equipo sepa en cada momento qué mudanza
            tiene entre manos. Fuera del teclado juego al ajedrez, que enseña lo mismo que un buen diseño: pensar unas
            jugadas por delante.
          </p>
        </section>

        <section id="proyecto" className="dev-section" aria-labelledby="dev-project-title">
          <h2 id="dev-project-title" className="dev-section__title">
            El proyecto
          </h2>
          <p>
            Mudanzas es la web en español de una empresa de mudanzas de Madrid. Los clientes calculan un precio
            orientativo, piden presupuesto, crean su cuenta, siguen sus mudanzas y pagan con tarjeta. El equipo tiene
            sus propios paneles: los operarios actualizan el estado de cada mudanza y suben fotos, y la gerencia crea
            mudanzas, genera facturas y albaranes y consulta sus cifras.
          </p>
          <p>
            Por dentro es un sistema CQRS con <em>event sourcing</em>:
          </p>
          <ul className="dev-cards">
            {ARCHITECTURE.map(({ title, text }) => (
              <li key={title} className="dev-card">
                <h3 className="dev-card__title">{title}</h3>
                <p className="dev-card__text">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="tecnologias" className="dev-section" aria-labelledby="dev-tech-title">
          <h2 id="dev-tech-title" className="dev-section__title">
            Tecnologías
          </h2>
          <div className="dev-tech">
            {TECHNOLOGIES.map(({ group, items }) => (
              <div key={group} className="dev-tech__group">
                <h3 className="dev-tech__title">{group}</h3>
                <ul className="dev-tech__list">
                  {items.map((item) => (
                    <li key={item} className="dev-tech__chip">
                      {item}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>

        <section id="filosofia" className="dev-section" aria-labelledby="dev-philosophy-title">
          <h2 id="dev-philosophy-title" className="dev-section__title">
            Filosofía
          </h2>
          <ul className="dev-cards dev-cards--two">
            {PRINCIPLES.map(({ title, text }) => (
              <li key={title} className="dev-card">
                <h3 className="dev-card__title">{title}</h3>
                <p className="dev-card__text">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="contacto" className="dev-section" aria-labelledby="dev-contact-title">
          <h2 id="dev-contact-title" className="dev-section__title">
            Contacto
          </h2>
          <p>¿Quieres ver más código o comentar algo del proyecto? Estas son las vías más directas.</p>
          <ul className="dev-cards dev-cards--two">
            <li className="dev-card">
              <h3 className="dev-card__title">Código</h3>
              <p className="dev-card__text">Repositorios y otros proyectos.</p>
              <a className="button button--outline" href={CODE_HOST_URL} target="_blank" rel="noopener noreferrer">
                Ver en GitHub
                <span className="sr-only"> (se abre en una pestaña nueva)</span>
              </a>
            </li>
            <li className="dev-card">
              <h3 className="dev-card__title">Ajedrez</h3>
              <p className="dev-card__text">¿Una partida? Siempre hay tiempo para una rápida.</p>
              <a className="button button--outline" href={GAME_SITE_URL} target="_blank" rel="noopener noreferrer">
                Jugar en Lichess
                <span className="sr-only"> (se abre en una pestaña nueva)</span>
              </a>
            </li>
          </ul>
          <p className="dev-section__note">
            Si lo que necesitas es una mudanza, escribe al equipo desde la{' '}
            <Link to="/contacto">página de contacto</Link>.
          </p>
        </section>

        <DevOutbox />
      </div>

      <div className="dev-foot">
        <Link to="/">Volver a la portada de Mudanzas</Link>
      </div>
    </div>
  );
}
