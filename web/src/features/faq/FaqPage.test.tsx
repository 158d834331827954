import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, FAQ_COUNT } from './faqData';
import { FaqPage } from './FaqPage';
import { countLabel, filterFaq } from './filterFaq';

function renderFaq() {
  render(
    <MemoryRouter>
      <FaqPage />
    </MemoryRouter>,
  );
  return screen.getByRole('searchbox', { name: 'Buscar en las preguntas frecuentes' });
}

const questions = (query: string) =>
  filterFaq(FAQ_CATEGORIES, query).categories.flatMap((c) => c.items.map((item) => item.question));

describe('filterFaq', () => {
  it('returns every question for an empty or blank query', () => {
    expect(filterFaq(FAQ_CATEGORIES, '').count).toBe(FAQ_COUNT);
    expect(filterFaq(FAQ_CATEGORIES, '   ').count).toBe(FAQ_COUNT);
    expect(FAQ_COUNT).toBeGreaterThanOrEqual(20);
  });

  it('ignores accents and case on both sides', () => {
    const plain = questions('cancelacion');
    expect(plain).toContain('¿Cuánto cuesta cancelar una mudanza?');
    expect(questions('CANCELACIÓN')).toEqual(plain);
    expect(questions('Cancelación')).toEqual(plain);
    // 'Mis muebles…' only matches through the answer's 'daños'.
    expect(questions('DANOS')).toContain('¿Mis muebles y enseres están asegurados?');
  });

  it('needs every word, in any order, in the question or the answer', () => {
    expect(questions('fecha cambiar')).toContain('¿Puedo cambiar la fecha de la mudanza?');
    expect(questions('horario sabados')).toEqual(['¿Cuál es vuestro horario de atención?']);
    expect(questions('horario zanahoria')).toEqual([]);
  });

  it('drops empty categories and counts what is left', () => {
    const result = filterFaq(FAQ_CATEGORIES, 'guardamuebles');
    expect(result.count).toBe(result.categories.reduce((n, c) => n + c.items.length, 0));
    for (const category of result.categories) expect(category.items.length).toBeGreaterThan(0);
    expect(filterFaq(FAQ_CATEGORIES, 'xyzzy')).toEqual({ categories: [], count: 0 });
  });

  it('states §9 policies with their exact figures', () => {
    const text = (id: string) =>
      FAQ_CATEGORIES.flatMap((c) => c.items)
        .find((item) => item.id === id)
        ?.answer.join(' ');
    expect(text('antelacion')).toContain('4 a 6 semanas');
    expect(text('cambio-fecha')).toContain('gratuito si nos avisas con al menos 48 horas');
    expect(text('cancelacion')).toMatch(
      /más de 48 horas, la cancelación es gratuita.*entre 24 y 48 horas, cobramos el 25 % del presupuesto.*menos de 24 horas, el 50 % del presupuesto/,
    );
    expect(text('reclamacion')).toMatch(/7 días naturales.*15 días hábiles/);
    expect(text('horario')).toContain('de lunes a viernes de 8:00 a 21:00 y los sábados de 9:00 a 15:00');
    expect(text('respuesta')).toContain('menos de 24 horas');
    expect(text('precio')).toContain('IVA del 21 %');
    expect(text('datos')).toContain('6 años');
  });

  it('words the count for one, many and none', () => {
    expect(countLabel(22, false)).toBe('22 preguntas frecuentes');
    expect(countLabel(1, true)).toBe('1 pregunta encontrada');
    expect(countLabel(3, true)).toBe('3 preguntas encontradas');
    expect(countLabel(0, true)).toBe('Ninguna pregunta encontrada');
  });
});

describe('FaqPage', () => {
  it('filters as you type and updates the polite live count', () => {
    const search = renderFaq();
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe(`${FAQ_COUNT} preguntas frecuentes`);
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(FAQ_COUNT);

    fireEvent.change(search, { target: { value: 'cancelacion' } });
    const expected = questions('cancelacion');
    expect(status.textContent).toBe(`${expected.length} preguntas encontradas`);
    const shown = screen.getAllByRole('button', { expanded: false }).map((b) => b.textContent);
    expect(shown).toEqual(expected);
    expect(screen.getByRole('button', { name: '¿Cuánto cuesta cancelar una mudanza?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '¿Cuál es vuestro horario de atención?' })).toBeNull();
  });

  it('shows the no-results message and brings everything back', () => {
    const search = renderFaq();
    fireEvent.change(search, { target: { value: 'qwertyuiop' } });
    expect(screen.getByRole('status').textContent).toBe('Ninguna pregunta encontrada');
    expect(screen.getByRole('heading', { name: 'No hay resultados' })).toBeTruthy();
    expect(screen.getByText(/«qwertyuiop»/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ver todas las preguntas' }));
    expect((search as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('heading', { name: 'No hay resultados' })).toBeNull();
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(FAQ_COUNT);
  });

  it('opens and closes an answer with aria-expanded and aria-controls', () => {
    renderFaq();
    const button = screen.getByRole('button', { name: '¿Cuánto cuesta cancelar una mudanza?' });
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(panel?.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    const region = screen.getByRole('region', { name: '¿Cuánto cuesta cancelar una mudanza?' });
    expect(region.textContent).toContain('el 25 % del presupuesto');
    expect(within(region).getByRole('link', { name: 'Ver las condiciones de cancelación' }).getAttribute('href')).toBe(
      '/condiciones-uso',
    );
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.hidden).toBe(true);
  });

  it('groups the questions under category headings and links help to the contact page', () => {
    renderFaq();
    for (const category of FAQ_CATEGORIES) {
      expect(screen.getByRole('heading', { level: 2, name: category.title })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Contactar con nosotros' }).getAttribute('href')).toBe('/contacto');
  });
});
