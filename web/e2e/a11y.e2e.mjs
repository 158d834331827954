// Every public page, at desktop and phone width, passes axe-core with no serious or critical
// violation (WCAG 2.1 A/AA and axe's best practices), and so does the open login dialog.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seriousViolations } from './axe.mjs';
import { openPage, url, waitForPage } from './helpers.mjs';

export const PUBLIC_PAGES = [
  '/',
  '/sobre-nosotros',
  '/preguntas-frecuentes',
  '/opiniones',
  '/contacto',
  '/trabaja-con-nosotros',
  '/condiciones-uso',
  '/politica-privacidad',
  '/buscador-precios',
  '/registro',
  '/confirmar-email',
  '/recuperar',
  '/acceso-gerencia',
  '/acceso-de-pago',
  '/dev',
  '/error',
  '/esta-pagina-no-existe',
];

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

for (const viewport of VIEWPORTS) {
  test(`axe: ninguna página pública tiene fallos de accesibilidad graves o críticos (${viewport.width} px)`, async () => {
    const { context, page } = await openPage(viewport);
    try {
      const failures = [];
      for (const path of PUBLIC_PAGES) {
        await page.goto(url(path), { waitUntil: 'networkidle' });
        await waitForPage(page);
        // Entry animations (cards appearing in steps) must have finished before colours are judged.
        await page.waitForTimeout(1500);
        for (const line of await seriousViolations(page)) failures.push(`${path}: ${line}`);
      }
      assert.deepEqual(failures, [], failures.join('\n'));
    } finally {
      await context.close();
    }
  });
}

test('axe: el diálogo de inicio de sesión abierto no tiene fallos graves ni críticos', async () => {
  const { context, page } = await openPage();
  try {
    await page.goto(url('/'), { waitUntil: 'networkidle' });
    await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('dialog', { name: 'Iniciar sesión' }).waitFor();
    const failures = await seriousViolations(page);
    assert.deepEqual(failures, [], failures.join('\n'));
  } finally {
    await context.close();
  }
});
