import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { installIntersectionObserver, observerOf } from '../../test/intersectionObserver';
import { ABOUT_SECTIONS } from './aboutContent';
import { AboutPage } from './AboutPage';
import { currentSection } from './sectionNav';

const IDS = ['historia', 'equipo', 'como-trabajamos', 'compromiso'];

describe('currentSection', () => {
  it('is the first section at least 10 % inside the reading band', () => {
    expect(
      currentSection(IDS, {
        historia: { ratio: 0.05, above: true },
        equipo: { ratio: 0.4, above: false },
        'como-trabajamos': { ratio: 0.2, above: false },
      }),
    ).toBe('equipo');
    expect(currentSection(IDS, { historia: { ratio: 0.1, above: true }, equipo: { ratio: 0.5, above: false } })).toBe(
      'historia',
    );
  });

  it('falls back to the last section scrolled past, or the first', () => {
    expect(
      currentSection(IDS, {
        historia: { ratio: 0, above: true },
        equipo: { ratio: 0.09, above: true },
        'como-trabajamos': { ratio: 0, above: false },
      }),
    ).toBe('equipo');
    expect(currentSection(IDS, {})).toBe('historia');
  });
});

describe('AboutPage', () => {
  function renderPage() {
    return render(
      <MemoryRouter>
        <AboutPage />
      </MemoryRouter>,
    );
  }

  it('has a hero, four sections with images, the WhatsApp card and the FAQ card', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Sobre nosotros' })).toBeTruthy();
    for (const section of ABOUT_SECTIONS) {
      const region = screen.getByRole('region', { name: section.title });
      expect(region.querySelector('img')?.getAttribute('alt')).toBe(section.image.alt);
    }
    const whatsapp = screen.getByRole('link', { name: /Abrir WhatsApp/ });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/34910123456\?text=/);
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Ver preguntas frecuentes' }).getAttribute('href')).toBe(
      '/preguntas-frecuentes',
    );
  });

  it('marks the section being read in the dot navigation, watching at threshold 0.1', () => {
    const observers = installIntersectionObserver();
    renderPage();
    const nav = screen.getByRole('navigation', { name: 'Secciones de la página' });
    const current = () => nav.querySelector('[aria-current="location"]')?.textContent;
    expect(current()).toBe('Nuestra historia');

    const team = document.getElementById('equipo') as HTMLElement;
    const history = document.getElementById('historia') as HTMLElement;
    const observer = observerOf(observers, team);
    expect(observer.options.threshold).toBe(0.1);
    expect(observer.options.rootMargin).toBe('-100px 0px -50% 0px');
    expect(observer.targets.map((t) => t.id).filter(Boolean)).toEqual(IDS);
    const [hero, contact] = observer.targets.filter((t) => !t.id);
    expect(hero?.querySelector('h1')).toBeTruthy();
    expect(contact?.textContent).toContain('WhatsApp');

    act(() => observer.report(history, 0.05));
    act(() => observer.report(team, 0.3));
    expect(current()).toBe('Nuestro equipo');
    act(() => observer.report(history, 0.2));
    expect(current()).toBe('Nuestra historia');

    // A jump to the end: only the sections whose visibility changed are reported, and none is in
    // the band; the last one whose top has gone above it is current.
    const tops: Record<string, number> = { historia: -3000, equipo: -2200, 'como-trabajamos': -1400, compromiso: -600 };
    for (const id of IDS) {
      (document.getElementById(id) as HTMLElement).getBoundingClientRect = () => ({ top: tops[id] }) as DOMRect;
    }
    act(() => observer.report(history, 0));
    act(() => observer.report(team, 0));
    expect(current()).toBe('Nuestro compromiso');

    // Back to the top in one jump: only the hero's visibility changes.
    for (const id of IDS) {
      (document.getElementById(id) as HTMLElement).getBoundingClientRect = () =>
        ({ top: (tops[id] ?? 0) + 3400 }) as DOMRect;
    }
    act(() => observer.report(hero as Element, 0.8));
    expect(current()).toBe('Nuestra historia');
  });

  it('scrolls to a section 100 px under the top when its dot is clicked, and marks it', () => {
    installIntersectionObserver();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderPage();
    const target = document.getElementById('compromiso') as HTMLElement;
    target.getBoundingClientRect = () => ({ top: 2400 }) as DOMRect;
    const link = screen.getByRole('link', { name: 'Nuestro compromiso' });
    expect(link.getAttribute('href')).toBe('#compromiso');
    fireEvent.click(link);
    expect(scrollTo).toHaveBeenCalledWith({ top: 2300, behavior: 'smooth' });
    expect(link.getAttribute('aria-current')).toBe('location');
    expect(document.activeElement).toBe(target);
  });
});
