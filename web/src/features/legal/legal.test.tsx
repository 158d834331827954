import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import seed from '../../../../seed/empresa.json';
import { useAuthStore } from '../../lib/useAuthStore';
import { DataProtectionSummary } from './DataProtectionSummary';
import { COMPANY_LEGAL } from './legalData';
import PrivacyPolicyPage, { PRIVACY_SECTIONS } from './PrivacyPolicyPage';
import { SCROLL_OFFSET, scrollTopFor } from './scroll';
import { QUICK_NAV_SECTIONS, TERMS_SECTIONS } from './termsContent';
import { TermsPage } from './TermsPage';

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

function renderTerms() {
  render(
    <MemoryRouter initialEntries={['/condiciones-uso']}>
      <TermsPage />
    </MemoryRouter>,
  );
}

describe('company identification', () => {
  it('matches the server copy in seed/empresa.json', () => {
    expect(COMPANY_LEGAL).toEqual(seed);
  });
});

describe('scroll offset', () => {
  it('puts the element 100 px below the top of the window', () => {
    expect(SCROLL_OFFSET).toBe(100);
    Object.defineProperty(window, 'scrollY', { value: 200, configurable: true });
    const element = document.createElement('section');
    element.getBoundingClientRect = () => ({ top: 500 }) as DOMRect;
    expect(scrollTopFor(element)).toBe(600);
    // Never above the top of the page.
    element.getBoundingClientRect = () => ({ top: -250 }) as DOMRect;
    expect(scrollTopFor(element)).toBe(0);
  });
});

describe('TermsPage', () => {
  it('has the hero with title, subtitle and last-updated date', () => {
    renderTerms();
    expect(screen.getByRole('heading', { level: 1, name: 'Condiciones de uso' })).toBeTruthy();
    expect(screen.getByText(/Las condiciones de nuestros servicios de mudanza/)).toBeTruthy();
    expect(
      screen
        .getByText(/Última actualización:/)
        .querySelector('time')
        ?.getAttribute('datetime'),
    ).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('quick-nav lists the first 6 sections and scrolls to one with the 100 px offset, opened and focused', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderTerms();
    const nav = screen.getByRole('navigation', { name: 'Acceso rápido' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(QUICK_NAV_SECTIONS.map((s, i) => `${i + 1}${s.title}`));
    expect(QUICK_NAV_SECTIONS).toHaveLength(6);

    const target = QUICK_NAV_SECTIONS[3] ?? TERMS_SECTIONS[0]!;
    const section = document.getElementById(target.id) as HTMLElement;
    Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
    section.getBoundingClientRect = () => ({ top: 1234 }) as DOMRect;
    const toggle = within(section).getByRole('button', { name: new RegExp(target.title) });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(links[3] as HTMLElement);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1234 + 300 - 100, behavior: 'smooth' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(toggle);
  });

  it('opens and closes each section; the content is the module HTML', () => {
    renderTerms();
    const toggle = screen.getByRole('button', { name: /Cambios de fecha y cancelaciones/ });
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(panel.hidden).toBe(false);
    expect(panel.textContent).toMatch(/Con más de 48 horas: gratuita/);
    expect(panel.textContent).toMatch(/Entre 24 y 48 horas: el 25 % del presupuesto/);
    expect(panel.textContent).toMatch(/Con menos de 24 horas: el 50 % del presupuesto/);
    expect(within(panel).getByRole('link', { name: COMPANY_LEGAL.email }).getAttribute('href')).toBe(
      `mailto:${COMPANY_LEGAL.email}`,
    );
    fireEvent.click(toggle);
    expect(panel.hidden).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Desplegar todas las secciones' }));
    for (const section of TERMS_SECTIONS) {
      expect(document.getElementById(`${section.id}-content`)?.hidden).toBe(false);
    }
    expect(screen.getByRole('button', { name: 'Plegar todas las secciones' })).toBeTruthy();
  });

  it('states the §9 policies and the company data', () => {
    const all = TERMS_SECTIONS.map((s) => s.html).join(' ');
    expect(all).toContain('4 a 6 semanas de antelación');
    expect(all).toContain('<strong>48 horas de antelación</strong>');
    expect(all).toContain('<strong>7 días naturales</strong>');
    expect(all).toContain('<strong>15 días hábiles</strong>');
    expect(all).toContain('IVA del 21 %');
    expect(all).toContain('6 años');
    expect(all).toContain(COMPANY_LEGAL.nif);
    expect(all).toContain('Calle de Embajadores 100, 28012 Madrid');
    expect(all).toContain('tribunales de la ciudad de Madrid');
    // Nothing but static markup: no script, no inline handlers.
    expect(all).not.toMatch(/<script|\son\w+=/i);
  });

  it('routes the HTML links to other pages through the router', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/condiciones-uso'] });
    useAuthStore.setState({ checking: false, user: null });
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByRole('button', { name: /Protección de datos/ }));
    fireEvent.click(screen.getByRole('link', { name: 'política de privacidad' }));
    expect(router.state.location.pathname).toBe('/politica-privacidad');
  });

  it('has a contact block with mailto and tel links and a button to the contact page', () => {
    renderTerms();
    const block = screen.getByRole('region', { name: '¿Tienes dudas sobre estas condiciones?' });
    expect(within(block).getByRole('link', { name: COMPANY_LEGAL.email }).getAttribute('href')).toBe(
      `mailto:${COMPANY_LEGAL.email}`,
    );
    expect(within(block).getByRole('link', { name: COMPANY_LEGAL.telefono }).getAttribute('href')).toBe(
      'tel:+34910123456',
    );
    expect(within(block).getByRole('link', { name: 'Ir a la página de contacto' }).getAttribute('href')).toBe(
      '/contacto',
    );
  });
});

describe('PrivacyPolicyPage', () => {
  function renderPrivacy() {
    render(
      <MemoryRouter>
        <PrivacyPolicyPage />
      </MemoryRouter>,
    );
  }

  it('shows the first layer as a six-row table, then the whole second layer', () => {
    renderPrivacy();
    expect(screen.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeTruthy();
    const first = screen.getByRole('region', { name: 'Información básica sobre protección de datos' });
    const table = within(first).getByRole('table', { name: 'Información básica sobre protección de datos' });
    const rows = within(table)
      .getAllByRole('rowheader')
      .map((th) => th.textContent);
    expect(rows).toEqual([
      'Responsable',
      'Finalidad',
      'Legitimación',
      'Destinatarios',
      'Derechos',
      'Información adicional',
    ]);
    expect(within(table).getByRole('link', { name: 'la segunda capa de esta política' }).getAttribute('href')).toBe(
      '#segunda-capa',
    );

    const second = screen.getByRole('region', { name: 'Información adicional sobre protección de datos' });
    for (const section of PRIVACY_SECTIONS) {
      expect(within(second).getByRole('heading', { level: 3, name: section.title })).toBeTruthy();
    }
    // The first layer comes first in the document.
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('covers every purpose, retention, rights, the AEPD, consent records and the one session cookie', () => {
    renderPrivacy();
    const text =
      screen.getByRole('region', { name: 'Información adicional sobre protección de datos' }).textContent ?? '';
    for (const purpose of [
      'Cuenta de cliente',
      'Presupuestos y mudanzas',
      'Formulario de contacto',
      'Candidaturas de empleo y currículums',
      'Comunicaciones comerciales',
    ]) {
      expect(screen.getByRole('heading', { level: 4, name: purpose })).toBeTruthy();
    }
    expect(text).toContain('6 años');
    expect(text).toMatch(/Candidaturas y currículums: 1 año/);
    for (const right of ['Acceso', 'Rectificación', 'Supresión', 'Oposición', 'Limitación', 'Portabilidad']) {
      expect(text).toContain(`${right}:`);
    }
    expect(text).toContain('«Mi Perfil» → «Eliminar cuenta»');
    expect(text).toContain('Agencia Española de Protección de Datos');
    expect(text).toContain('para cada finalidad por separado');
    expect(text).toContain('sin marcar');
    expect(text).toContain('Guardamos qué consentiste y cuándo');
    expect(text).toContain('mudanzas_session');
    expect(text).toContain('No vendemos tus datos');
  });
});

describe('DataProtectionSummary', () => {
  it('states each form its own purpose and basis and links to the full policy', () => {
    const { rerender } = render(
      <MemoryRouter>
        <DataProtectionSummary purpose="job" />
      </MemoryRouter>,
    );
    const cell = (row: string) => screen.getByRole('rowheader', { name: row }).nextElementSibling?.textContent ?? '';
    expect(cell('Finalidad')).toContain('Valorar tu candidatura');
    expect(cell('Legitimación')).toContain('Tu consentimiento');
    expect(screen.getByRole('link', { name: 'nuestra política de privacidad' }).getAttribute('href')).toBe(
      '/politica-privacidad',
    );
    rerender(
      <MemoryRouter>
        <DataProtectionSummary purpose="contact" />
      </MemoryRouter>,
    );
    expect(cell('Finalidad')).toContain('Responder a tu consulta');
    expect(cell('Responsable')).toContain(COMPANY_LEGAL.nombre);
  });
});
