import { Link } from 'react-router-dom';
import { ClockIcon, FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, PinIcon, WhatsappIcon } from './icons';
import { Logo } from './Logo';
import './Footer.css';
import { COMPANY_EMAIL, COMPANY_PHONE, COMPANY_PHONE_HREF, whatsappUrl } from '../lib/company';

const QUICK_LINKS = [
  { to: '/', label: 'Inicio' },
  { to: '/sobre-nosotros', label: 'Sobre nosotros' },
  { to: '/buscador-precios', label: 'Buscador de precios' },
  { to: '/contacto', label: 'Contacto' },
  { to: '/trabaja-con-nosotros', label: 'Trabaja con nosotros' },
] as const;

const HELP_LINKS = [
  { to: '/opiniones', label: 'Opiniones' },
  { to: '/preguntas-frecuentes', label: 'Preguntas frecuentes' },
  { to: '/politica-privacidad', label: 'Política de privacidad' },
  { to: '/condiciones-uso', label: 'Condiciones de uso' },
] as const;

const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/', label: 'Facebook', Icon: FacebookIcon },
  { href: 'https://www.instagram.com/', label: 'Instagram', Icon: InstagramIcon },
  { href: whatsappUrl(), label: 'WhatsApp', Icon: WhatsappIcon },
] as const;

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div className="footer__about">
          <Link to="/" className="footer__brand" aria-label="Mudanzas, ir al inicio">
            <Logo inverted />
          </Link>
          <p className="footer__tagline">
            Mudanzas nacionales e internacionales desde Madrid: hogares, oficinas, vehículos, guardamuebles, montaje de
            muebles y limpieza.
          </p>
          <ul className="footer__social" aria-label="Redes sociales">
            {SOCIAL_LINKS.map(({ href, label, Icon }) => (
              <li key={label}>
                <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} title={label}>
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav className="footer__column" aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="footer__heading">
            Enlaces rápidos
          </h2>
          <ul className="footer__list">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav className="footer__column" aria-labelledby="footer-help-links">
          <h2 id="footer-help-links" className="footer__heading">
            Información
          </h2>
          <ul className="footer__list">
            {HELP_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="footer__column">
          <h2 className="footer__heading">Contacto</h2>
          <address className="footer__contact">
            <p>
              <PinIcon /> <span>Madrid, España</span>
            </p>
            <p>
              <PhoneIcon /> <a href={COMPANY_PHONE_HREF}>{COMPANY_PHONE}</a>
            </p>
            <p>
              <MailIcon /> <a href={`mailto:${COMPANY_EMAIL}`}>{COMPANY_EMAIL}</a>
            </p>
            <p>
              <ClockIcon /> <span>Lunes a viernes 8:00-21:00, sábados 9:00-15:00</span>
            </p>
          </address>
        </div>
      </div>

      <div className="footer__bottom">
        <div className="container footer__bottom-inner">
          <p>© {year} Mudanzas. Todos los derechos reservados.</p>
          <p>
            <Link to="/dev">Sobre el desarrollador</Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
