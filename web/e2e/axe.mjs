// The accessibility check: axe-core (from npm, injected from node_modules, never downloaded)
// run inside the page. Only 'serious' and 'critical' findings fail a test; the rest are advice.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// Evaluated through the DevTools protocol rather than added as a <script>: the site's
// Content-Security-Policy (script-src 'self') rightly refuses an inline script.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** The serious and critical axe violations of the page as it is now, one readable line each. */
export async function seriousViolations(page) {
  // Colours are judged as they end, not halfway through an entry animation (a dialog fading in
  // has every text at part opacity); endless ones (a live indicator's pulse) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    window.axe.run(document, {
      resultTypes: ['violations'],
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
    }),
  );
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} → ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
}
