import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './Carousel';
import { CAROUSEL_IMAGES } from './carouselImages';

const current = () => document.querySelector('.carousel__slide[data-current="true"]')?.getAttribute('aria-label');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows 6 distinct images of the 24, as labelled slides of a carousel region', () => {
    render(<Carousel random={() => 0.5} />);
    const region = screen.getByRole('region', { name: 'Nuestro trabajo en imágenes' });
    expect(region.getAttribute('aria-roledescription')).toBe('carrusel');
    const images = region.querySelectorAll('img');
    expect(images).toHaveLength(6);
    const sources = [...images].map((img) => img.getAttribute('src'));
    expect(new Set(sources).size).toBe(6);
    for (const src of sources) expect(CAROUSEL_IMAGES.some((i) => i.src === src)).toBe(true);
    for (const img of images) expect(img.getAttribute('alt')?.length).toBeGreaterThan(10);
    const slides = region.querySelectorAll('[aria-roledescription="diapositiva"]');
    expect([...slides].map((s) => s.getAttribute('aria-label'))).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${n} de 6`));
  });

  it('advances every 4 s and loops after the sixth', () => {
    render(<Carousel />);
    expect(current()).toBe('1 de 6');
    advance(3999);
    expect(current()).toBe('1 de 6');
    advance(1);
    expect(current()).toBe('2 de 6');
    for (let n = 3; n <= 6; n += 1) {
      advance(4000);
      expect(current()).toBe(`${n} de 6`);
    }
    advance(4000);
    expect(current()).toBe('1 de 6');
  });

  it('pauses while hovered and resumes after', () => {
    render(<Carousel />);
    const region = screen.getByRole('region');
    fireEvent.mouseEnter(region);
    advance(12_000);
    expect(current()).toBe('1 de 6');
    fireEvent.mouseLeave(region);
    advance(4000);
    expect(current()).toBe('2 de 6');
  });

  it('ignores clicks during the 0.5 s transition', () => {
    render(<Carousel />);
    const next = screen.getByRole('button', { name: 'Diapositiva siguiente' });
    fireEvent.click(next);
    expect(current()).toBe('2 de 6');
    fireEvent.click(next);
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la diapositiva 5' }));
    expect(current()).toBe('2 de 6');
    advance(499);
    fireEvent.click(next);
    expect(current()).toBe('2 de 6');
    advance(1);
    fireEvent.click(next);
    expect(current()).toBe('3 de 6');
    advance(500);
    fireEvent.click(screen.getByRole('button', { name: 'Diapositiva anterior' }));
    expect(current()).toBe('2 de 6');
  });

  it('restarts the 4 s after a manual move, and marks the current dot', () => {
    render(<Carousel />);
    advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la diapositiva 4' }));
    expect(screen.getByRole('button', { name: 'Ir a la diapositiva 4' }).getAttribute('aria-current')).toBe('true');
    advance(3999);
    expect(current()).toBe('4 de 6');
    advance(1);
    expect(current()).toBe('5 de 6');
  });

  it('stops with the pause button until play is pressed', () => {
    render(<Carousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Pausar el carrusel' }));
    advance(20_000);
    expect(current()).toBe('1 de 6');
    expect(screen.getByRole('region').querySelector('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: 'Reanudar el carrusel' }));
    advance(4000);
    expect(current()).toBe('2 de 6');
  });

  it('pauses while keyboard focus is inside', () => {
    render(<Carousel />);
    const next = screen.getByRole('button', { name: 'Diapositiva siguiente' });
    act(() => next.focus());
    advance(8000);
    expect(current()).toBe('1 de 6');
    act(() => next.blur());
    advance(4000);
    expect(current()).toBe('2 de 6');
  });

  it('does not stay paused after a mouse click has left focus on a button', () => {
    render(<Carousel />);
    const next = screen.getByRole('button', { name: 'Diapositiva siguiente' });
    fireEvent.pointerDown(next);
    act(() => next.focus());
    fireEvent.click(next);
    expect(current()).toBe('2 de 6');
    advance(4000);
    expect(current()).toBe('3 de 6');
  });
});
