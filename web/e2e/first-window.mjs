// How long the manager's dashboard takes to show its first window of moves in Chromium, for the
// bench's `windows` phase (bench/src/windows.rs), which runs it against its server with 100,000
// moves in the log:
//   BASE_URL=http://127.0.0.1:PORT SESSION_COOKIE='mudanzas_session=…' LOADS=10 node e2e/first-window.mjs
// (SESSION_COOKIE: a manager's session, as the bench logs in the demo accounts).
// Each load is a fresh page of a logged-in manager (cache warm, as on a second visit): the time
// from navigation to the first frame drawn with a card of the window in it (stamped inside the
// page, as polling from outside would add its own interval), beside the same load's
// DOMContentLoaded (the page's own code parsed and run: the same-run baseline). Prints one line of
// JSON: { loads, window_ms: [...], dom_ms: [...], cards }. Fails if the page shows every move
// instead of a window.
import { BASE_URL, launchBrowser, waitForServer } from './browser.mjs';

const LOADS = Number(process.env.LOADS || 10);
/** More cards than a window holds means the page rendered the whole list. */
const WINDOW_MAX = 100;
const CARD = '.mgr-moves article';

const [cookieName, ...cookieValue] = (process.env.SESSION_COOKIE || '').split('=');
if (!cookieName || cookieValue.length === 0) throw new Error('SESSION_COOKIE: la sesión de un gerente (nombre=valor)');

await waitForServer();
const browser = await launchBrowser();
const result = { loads: LOADS, window_ms: [], dom_ms: [], cards: 0 };
try {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
  });
  await context.addCookies([{ name: cookieName, value: cookieValue.join('='), url: BASE_URL }]);
  // The first card's frame: the animation frame after the card entered the document.
  await context.addInitScript((selector) => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        window.__firstWindowAt = performance.now();
      });
    }).observe(document, { childList: true, subtree: true });
  }, CARD);
  // One load off the clock: the assets are cached, as for a manager who opens the page daily.
  for (let i = 0; i <= LOADS; i++) {
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/gestion`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstWindowAt, null, { timeout: 30_000 });
    const [windowMs, domMs, cards] = await page.evaluate(
      (selector) => [
        window.__firstWindowAt,
        performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? NaN,
        document.querySelectorAll(selector).length,
      ],
      CARD,
    );
    if (cards > WINDOW_MAX) throw new Error(`la página muestra ${cards} mudanzas, no una ventana`);
    if (i > 0) {
      result.window_ms.push(Math.round(windowMs));
      result.dom_ms.push(Math.round(domMs));
      result.cards = cards;
    }
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify(result));
