// Browser test of the client's figures on their dashboard (issue 20 item 6): what the page shows
// is what /api/mis-estadisticas says, formatted in Spanish, and every figure's ⓘ opens its
// explanation by keyboard and by a tap on a phone. It changes no data.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seriousViolations } from './axe.mjs';
import { accountByLogin, authStatus, clientLogin, openPage, pageApi, url } from './helpers.mjs';

const MARTA = accountByLogin('cliente@mudanzas.test');

// As web/src/lib/format.ts writes them (es-ES, thousands always grouped).
const euros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', useGrouping: 'always' });
const oneDecimal = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const normalise = (text) => (text ?? '').replace(/\s+/g, ' ').trim();

/** What each card must show and what its explanation must say, from the API's answer. */
function expected(stats) {
  return [
    {
      label: 'Mudanzas realizadas',
      value: String(stats.mudanzas_realizadas),
      explains: /terminadas.*No cuentan las canceladas ni las que están pendientes/,
    },
    {
      label: 'Total pagado',
      value: euros.format(stats.total_pagado_cents / 100),
      explains: /con tarjeta.*menos lo que te hayamos reembolsado/,
    },
    {
      label: 'Tu valoración media',
      value: stats.valoracion_media === null ? '—' : `${oneDecimal.format(stats.valoracion_media)} / 5`,
      explains: stats.valoracion_media === null ? /Aún no has valorado ninguna mudanza/ : /La media de las estrellas/,
    },
    {
      label: 'Ahorro',
      value: euros.format(stats.ahorro_cents / 100),
      explains: /^Descuento online y packs frente al precio por partidas de tu presupuesto/,
    },
  ];
}

async function openDashboard(page) {
  await clientLogin(page, MARTA.login, MARTA.password);
  const { user } = await authStatus(page);
  assert.ok(user, 'Marta no quedó con sesión iniciada');
  await page.goto(url(`/cliente/${user.id}`));
  const section = page.getByRole('region', { name: 'Tus cifras' });
  await section.waitFor();
  const { status, body } = await pageApi(page, 'GET', '/api/mis-estadisticas');
  assert.equal(status, 200, JSON.stringify(body));
  return { section, stats: body };
}

function cardOf(section, label) {
  return section.locator('.customer-stat', { has: section.page().locator('dt', { hasText: new RegExp(`^${label}`) }) });
}

/** The tooltip a figure's ⓘ is described by. */
async function tipOf(page, button) {
  const id = await button.getAttribute('aria-describedby');
  assert.ok(id, 'el botón ⓘ tiene aria-describedby');
  return page.locator(`[id="${id}"]`);
}

test(
  'las cifras de Marta son las de /api/mis-estadisticas y cada ⓘ explica cómo se calculan',
  { timeout: 120_000 },
  async () => {
    const { context, page, errors } = await openPage();
    try {
      const { section, stats } = await openDashboard(page);
      assert.equal(stats.email_confirmado, true);
      for (const figure of expected(stats)) {
        const card = cardOf(section, figure.label);
        await card.locator('dd').filter({ hasText: figure.value }).waitFor();
        assert.equal(normalise(await card.locator('dd').textContent()), normalise(figure.value), figure.label);

        // By keyboard: focus shows it, Escape hides it; the button is described by it.
        const button = card.getByRole('button', { name: `Cómo se calcula: ${figure.label}` });
        const tip = await tipOf(page, button);
        assert.equal(await tip.getAttribute('role'), 'tooltip');
        assert.equal(await tip.isVisible(), false, `${figure.label}: cerrado al principio`);
        await button.focus();
        await tip.waitFor({ state: 'visible' });
        assert.match(normalise(await tip.textContent()), figure.explains, figure.label);
        await page.keyboard.press('Escape');
        await tip.waitFor({ state: 'hidden' });
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }

    // On a 375 px phone, a tap opens each tip inside the screen; a second tap closes it.
    // Logged in at desktop width, where the navbar shows its login button, then narrowed.
    const phone = await openPage(undefined, { hasTouch: true });
    try {
      const { section, stats } = await openDashboard(phone.page);
      await phone.page.setViewportSize({ width: 375, height: 740 });
      for (const figure of expected(stats)) {
        const button = cardOf(section, figure.label).getByRole('button', { name: `Cómo se calcula: ${figure.label}` });
        const tip = await tipOf(phone.page, button);
        await button.tap();
        await tip.waitFor({ state: 'visible' });
        assert.match(normalise(await tip.textContent()), figure.explains, figure.label);
        const box = await tip.boundingBox();
        assert.ok(
          box && box.x >= 0 && box.x + box.width <= 375,
          `${figure.label}: dentro de la pantalla ${JSON.stringify(box)}`,
        );
        if (figure.label === 'Ahorro') {
          assert.deepEqual(await seriousViolations(phone.page), [], 'el panel con una explicación abierta a 375 px');
        }
        await button.tap();
        await tip.waitFor({ state: 'hidden' });
      }
      assert.deepEqual(phone.errors, []);
    } finally {
      await phone.context.close();
    }
  },
);
