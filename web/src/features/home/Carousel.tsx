import { type FocusEvent, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../lib/usePrefersReducedMotion';
import { CAROUSEL_SLIDES, pickRandom, slideOffset } from './carousel';
import { CAROUSEL_IMAGES } from './carouselImages';
import { useCarousel } from './useCarousel';
import './Carousel.css';

export interface CarouselImage {
  src: string;
  alt: string;
}

interface CarouselProps {
  /** The pool to draw from: the 24 illustrations unless a test passes its own. */
  images?: readonly CarouselImage[];
  random?: () => number;
}

/**
 * §1 carousel: 6 of the 24 illustrations, chosen on each visit without repeats; a new slide every
 * 4 s, a 0.5 s slide, looping; hover or keyboard focus pauses it, and a pause button stops it for
 * good (WCAG 2.2.2). Built as the WAI-ARIA carousel pattern: a labelled region, each slide a group
 * 'n de 6', a live region that speaks only when the visitor moves the slides.
 */
export function Carousel({ images = CAROUSEL_IMAGES, random }: CarouselProps) {
  const [slides] = useState(() => pickRandom(images, CAROUSEL_SLIDES, random));
  const reduced = usePrefersReducedMotion();
  const carousel = useCarousel(slides.length, { animated: !reduced });
  const { index, previous, transitioning, count } = carousel;

  // Only keyboard focus pauses: focus left on an arrow by a mouse click would otherwise keep it
  // paused after the pointer has gone (hover already pauses while the pointer is there).
  const pointerDown = useRef(false);
  const onFocus = () => {
    if (pointerDown.current) {
      pointerDown.current = false;
      return;
    }
    carousel.setFocused(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) carousel.setFocused(false);
  };

  return (
    <section
      className={`carousel${reduced ? ' carousel--still' : ''}`}
      aria-roledescription="carrusel"
      aria-label="Nuestro trabajo en imágenes"
      onMouseEnter={() => carousel.setHovered(true)}
      onMouseLeave={() => carousel.setHovered(false)}
      onPointerDown={() => {
        pointerDown.current = true;
      }}
      onPointerUp={() => {
        pointerDown.current = false;
      }}
      onFocus={onFocus}
      onBlur={onBlur}
      data-playing={carousel.playing}
    >
      <div className="carousel__viewport" aria-live={carousel.playing ? 'off' : 'polite'}>
        {slides.map((image, i) => {
          const offset = slideOffset(i, index, count);
          // Only the slide coming in and the one going out slide; the rest jump to their place
          // unseen, or they would cross the viewport on the way.
          const moving = i === index || (transitioning && i === previous);
          const shown = i === index || (transitioning && i === previous);
          return (
            <div
              key={image.src}
              className={`carousel__slide${moving ? ' is-moving' : ''}${shown ? '' : ' is-away'}`}
              style={{ transform: `translateX(${offset * 100}%)` }}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${i + 1} de ${count}`}
              aria-hidden={i === index ? undefined : true}
              data-current={i === index}
            >
              <img src={image.src} alt={image.alt} width={1200} height={600} decoding="async" />
            </div>
          );
        })}
      </div>

      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__button"
          onClick={carousel.toggleStopped}
          aria-label={carousel.stopped ? 'Reanudar el carrusel' : 'Pausar el carrusel'}
        >
          {carousel.stopped ? <PlayIcon /> : <PauseIcon />}
        </button>
        <button type="button" className="carousel__button" onClick={carousel.prev} aria-label="Diapositiva anterior">
          <ChevronIcon direction="left" />
        </button>
        <ol className="carousel__dots">
          {slides.map((image, i) => (
            <li key={image.src}>
              <button
                type="button"
                className="carousel__dot"
                onClick={() => carousel.goTo(i)}
                aria-label={`Ir a la diapositiva ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
              />
            </li>
          ))}
        </ol>
        <button type="button" className="carousel__button" onClick={carousel.next} aria-label="Diapositiva siguiente">
          <ChevronIcon direction="right" />
        </button>
      </div>
    </section>
  );
}

const iconProps = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
} as const;

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      {...iconProps}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'} />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg {...iconProps} fill="currentColor">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg {...iconProps} fill="currentColor">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10-6.5a1 1 0 0 0 0-1.72l-10-6.5A1 1 0 0 0 8 5.5z" />
    </svg>
  );
}
