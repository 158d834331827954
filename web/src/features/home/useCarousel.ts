import { useCallback, useEffect, useReducer, useState } from 'react';
import {
  CAROUSEL_INTERVAL_MS,
  CAROUSEL_TRANSITION_MS,
  type CarouselAction,
  carouselReducer,
  type CarouselState,
  initialCarousel,
} from './carousel';

export interface CarouselOptions {
  intervalMs?: number;
  transitionMs?: number;
  /** Reduced motion: slides change at once (no 0.5 s slide), so there is nothing to lock. */
  animated?: boolean;
}

export interface Carousel extends CarouselState {
  next: () => void;
  prev: () => void;
  goTo: (index: number) => void;
  /** Paused by the visitor's pause button: only the play button resumes. */
  stopped: boolean;
  toggleStopped: () => void;
  /** Hover and keyboard focus pause while they last (§1 'pauses on hover'). */
  setHovered: (hovered: boolean) => void;
  setFocused: (focused: boolean) => void;
  /** True while nothing pauses it: the slide changes every interval. */
  playing: boolean;
}

/**
 * The carousel's timers around the pure reducer: auto-advance every 4 s while not paused (the
 * count restarts after every move, manual or automatic, so a slide always gets its full 4 s), and
 * the 0.5 s transition lock.
 */
export function useCarousel(count: number, options: CarouselOptions = {}): Carousel {
  const { intervalMs = CAROUSEL_INTERVAL_MS, transitionMs = CAROUSEL_TRANSITION_MS, animated = true } = options;
  const reducer = useCallback(
    (state: CarouselState, action: CarouselAction) => carouselReducer(state, action, animated),
    [animated],
  );
  const [state, dispatch] = useReducer(reducer, count, initialCarousel);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = !stopped && !hovered && !focused && count > 1;

  // The reducer itself ignores moves while a transition runs, so clicks queued in the same tick
  // as the first are dropped too.
  const move = dispatch;

  useEffect(() => {
    if (!state.transitioning) return undefined;
    const timer = window.setTimeout(() => dispatch({ type: 'transitionEnd' }), transitionMs);
    return () => window.clearTimeout(timer);
  }, [state.transitioning, state.index, transitionMs]);

  useEffect(() => {
    if (!playing) return undefined;
    const timer = window.setTimeout(() => dispatch({ type: 'next' }), intervalMs);
    return () => window.clearTimeout(timer);
  }, [playing, state.index, intervalMs]);

  return {
    ...state,
    next: useCallback(() => move({ type: 'next' }), [move]),
    prev: useCallback(() => move({ type: 'prev' }), [move]),
    goTo: useCallback((index: number) => move({ type: 'goto', index }), [move]),
    stopped,
    toggleStopped: useCallback(() => setStopped((s) => !s), []),
    setHovered,
    setFocused,
    playing,
  };
}
