import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { homePathFor } from '../lib/access';
import { useAuthStore } from '../lib/useAuthStore';
import { useLoginModalStore } from '../lib/useLoginModalStore';
import { CloseIcon, MenuIcon, UserIcon } from './icons';
import { Logo } from './Logo';
import './Navbar.css';

const LINKS = [
  { to: '/', label: 'Inicio' },
  { to: '/buscador-precios', label: 'Buscador de precios' },
  { to: '/sobre-nosotros', label: 'Sobre nosotros' },
] as const;

function AccountSlot({ onAction }: { onAction: () => void }) {
  const checking = useAuthStore((s) => s.checking);
  const user = useAuthStore((s) => s.user);
  const openLoginModal = useLoginModalStore((s) => s.openLoginModal);

  // Until the session check answers we do not know which control is right; an empty slot avoids
  // flashing "Iniciar sesión" at someone who is already logged in.
  if (checking) return <span className="navbar__account-placeholder" aria-hidden="true" />;

  if (!user) {
    return (
      <button
        type="button"
        className="button button--primary navbar__login"
        onClick={() => {
          onAction();
          openLoginModal();
        }}
      >
        Iniciar sesión
      </button>
    );
  }

  const home =
    user.role === 'cliente' ? (
      <Link
        to={homePathFor(user)}
        className="navbar__profile"
        aria-label="Mi perfil"
        title={user.nombre}
        onClick={onAction}
      >
        <UserIcon width={22} height={22} />
        <span className="navbar__profile-name">{user.nombre}</span>
      </Link>
    ) : (
      <Link to={homePathFor(user)} className="button button--outline navbar__panel" onClick={onAction}>
        Mi panel
      </Link>
    );
  return (
    <>
      {home}
      <LogoutButton onAction={onAction} />
    </>
  );
}

/** Ends the session from any public page; the store reloads the page (§4). */
function LogoutButton({ onAction }: { onAction: () => void }) {
  const logout = useAuthStore((s) => s.logout);
  const [leaving, setLeaving] = useState(false);
  return (
    <button
      type="button"
      className="button button--ghost navbar__logout"
      disabled={leaving}
      onClick={() => {
        onAction();
        setLeaving(true);
        void logout();
      }}
    >
      {leaving ? 'Cerrando sesión…' : 'Cerrar sesión'}
    </button>
  );
}

export function Navbar() {
  const { pathname } = useLocation();
  // The page the menu was opened on: following a link (a new pathname) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;

  const closeMenu = () => setOpenOn(null);

  return (
    <header className="navbar">
      <div className="container navbar__inner">
        <Link to="/" className="navbar__brand" aria-label="Mudanzas, ir al inicio" onClick={closeMenu}>
          <Logo />
        </Link>

        <button
          type="button"
          className="navbar__toggle"
          aria-label={menuOpen ? 'Cerrar menú' : 'Abrir menú'}
          aria-expanded={menuOpen}
          aria-controls="navbar-menu"
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          {menuOpen ? <CloseIcon width={24} height={24} /> : <MenuIcon width={24} height={24} />}
        </button>

        <nav id="navbar-menu" className={`navbar__menu${menuOpen ? ' is-open' : ''}`} aria-label="Principal">
          <ul className="navbar__links">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className={({ isActive }) => `navbar__link${isActive ? ' is-active' : ''}`}
                  onClick={closeMenu}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="navbar__account">
            <AccountSlot onAction={closeMenu} />
          </div>
        </nav>
      </div>
    </header>
  );
}
