import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { freshIndexedDb } from './indexedDb';

// A lazy page's first import is transformed on demand: on two busy cores running several test
// files at once that took longer than the library's 1 s default (routes, legal pages). Waiting
// longer changes no outcome, only how long a failing find takes to say so.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout engine; the router's scroll restoration only needs the call to exist.
window.scrollTo = () => {};

// Each test on a new device: the crew's queue and lists (lib/crewDevice) start empty.
beforeEach(() => {
  freshIndexedDb();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
