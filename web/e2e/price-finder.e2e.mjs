// Browser tests of the price finder (/buscador-precios), run by e2e/run.mjs against the real server:
// the six slides with the offline gazetteer's route, the catalogue, the pricing engine's breakdown
// and a quote request (a fresh email each run, so it can run again on the same database); and the
// route error panel for an address nobody knows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { madridDatePlus, openPage, outboxFor, uniqueEmail, url, waitForText } from './helpers.mjs';

const ORIGIN = 'Calle de Alcalá 120, 28009 Madrid';
const DESTINATION = 'Calle Mayor 2, 28801 Alcalá de Henares';

/** '1.234,56 €' → 1234.56 */
function euros(text) {
  const match = /-?[\d.]+,\d{2}/.exec(text.replace(/\s/g, ' '));
  assert.ok(match, `no hay un importe en ${JSON.stringify(text)}`);
  return Number(match[0].replace(/\./g, '').replace(',', '.'));
}

// Both inside the M-30 (the server's own tests of the packs use them).
const INSIDE_ORIGIN = 'Calle de Atocha 30, Centro, Madrid';
const INSIDE_DESTINATION = 'Calle de Serrano 41, Salamanca, Madrid';
const PACKS_OUTSIDE_M30 = 'Los packs solo están disponibles cuando origen y destino están dentro de la M-30.';

const next = (page) => page.getByRole('button', { name: 'Siguiente' }).click();
const back = (page) => page.getByRole('button', { name: 'Anterior' }).click();

/** Types both addresses on slide 1 and waits for their route. */
async function fillAddresses(page, origin, destination) {
  for (const [name, value] of [
    ['Dirección de origen', origin],
    ['Dirección de destino', destination],
  ]) {
    const field = page.getByRole('combobox', { name });
    await field.fill(value);
    await field.press('Escape');
  }
  await page
    .getByRole('status')
    .filter({ hasText: 'Duración estimada' })
    .filter({ hasText: `${origin} → ${destination}` })
    .waitFor({ timeout: 15_000 });
}

async function onStep(page, n, title) {
  await page.getByText(`Paso ${n} de 6`).waitFor();
  const heading = page.locator('#pf-slide-title');
  assert.match((await heading.textContent()) ?? '', new RegExp(title));
  // Focus moves to the new slide's heading (keyboard and screen-reader users start there).
  assert.equal(await heading.evaluate((h) => h === document.activeElement), true, `el foco no está en «${title}»`);
}

test('price finder: six slides to a submitted quote, with the itemised price', async () => {
  const { context, page, errors } = await openPage();
  try {
    await page.goto(url('/buscador-precios'));
    await page.getByRole('heading', { level: 1, name: 'Buscador de precios' }).waitFor();
    const nextButton = page.getByRole('button', { name: 'Siguiente' });
    // No warning before anything is typed; pressing Siguiente then shows it and stays on step 1.
    const addressWarning = page.getByText('Por favor, ingresa direcciones válidas de origen y destino.');
    assert.equal(await addressWarning.count(), 0, 'el aviso de direcciones sale antes de escribir nada');
    await nextButton.click();
    await addressWarning.waitFor();
    await page.getByText('Paso 1 de 6').waitFor();
    assert.equal(await nextButton.isDisabled(), true);
    assert.equal(
      await page.getByRole('combobox', { name: 'Dirección de origen' }).evaluate((i) => i === document.activeElement),
      true,
      'el foco no vuelve a la dirección de origen',
    );

    // 1. Addresses: suggestions from the gazetteer, then the route once typing stops.
    const origin = page.getByRole('combobox', { name: 'Dirección de origen' });
    await origin.fill('Calle de Alcalá 120, Mad');
    await page.getByRole('listbox', { name: 'Sugerencias: Dirección de origen' }).waitFor({ timeout: 10_000 });
    assert.ok((await page.getByRole('option').count()) > 0, 'el autocompletado no sugiere nada');
    await origin.fill(ORIGIN);
    await origin.press('Escape');
    await page.getByRole('combobox', { name: 'Dirección de destino' }).fill(DESTINATION);
    await page.getByRole('combobox', { name: 'Dirección de destino' }).press('Escape');
    const status = page.getByRole('status').filter({ hasText: 'Duración estimada' });
    await status.waitFor({ timeout: 15_000 });
    const distanceText = (await status.locator('dd').first().textContent()) ?? '';
    const distance = Number(distanceText.replace(/[^\d,]/g, '').replace(',', '.'));
    assert.ok(distance > 20 && distance < 60, `distancia Madrid → Alcalá de Henares poco creíble: ${distance} km`);
    assert.match((await status.locator('img').getAttribute('src')) ?? '', /^data:image\//);
    await nextButton.click();

    // 2. Properties: a fourth floor without elevator at origin, a house at destination.
    await onStep(page, 2, 'Viviendas');
    const originSide = page.getByRole('group', { name: 'Origen' });
    await originSide.getByLabel('Planta').selectOption('fourth');
    assert.equal(await originSide.getByRole('checkbox', { name: 'Hay ascensor' }).isChecked(), false);
    await page.getByRole('group', { name: 'Destino' }).getByLabel('Tipo de vivienda').selectOption('house_2_rooms');
    assert.equal(await page.getByRole('group', { name: 'Destino' }).getByLabel('Planta').count(), 0);
    await next(page);

    // 3. Objects: two of the first sofa, and a mattress found by the search without its accent.
    await onStep(page, 3, 'Objetos');
    assert.equal(await nextButton.isDisabled(), true);
    await page.getByText('Debe seleccionar al menos un objeto o un pack...').waitFor();
    // Alcalá de Henares is outside the M-30: the packs are shown but cannot be chosen, and it says why.
    await page.getByText(PACKS_OUTSIDE_M30).waitFor();
    for (const name of ['Elegir Pack Esencial', 'Elegir Pack Avanzado', 'Elegir Pack Premium']) {
      assert.equal(
        await page.getByRole('button', { name }).isDisabled(),
        true,
        `${name} se puede elegir fuera de la M-30`,
      );
    }
    const panel = page.getByRole('tabpanel');
    const firstAdd = panel.getByRole('button', { name: /^Añadir uno: / }).first();
    await firstAdd.waitFor();
    await firstAdd.click();
    await firstAdd.click();
    await page.getByRole('button', { name: 'Buscar objeto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buscar objetos' });
    await dialog.getByLabel('Nombre del objeto').fill('colchon');
    const mattress = dialog.getByRole('button', { name: /^Añadir uno: Colchón/ }).first();
    await mattress.waitFor();
    await mattress.click();
    await dialog.getByLabel('Nombre del objeto').fill('zzz objeto que no existe');
    await dialog.getByText('No se encontraron objetos que coincidan').waitFor();
    await dialog.getByRole('button', { name: 'Hecho' }).click();
    await page.getByText('3 objetos seleccionados').waitFor();
    await next(page);

    // 4. Services: dismounting two pieces.
    await onStep(page, 4, 'Servicios');
    await page.getByRole('checkbox', { name: 'Desmontaje y montaje de muebles' }).check();
    await page.getByRole('button', { name: 'Añadir uno: muebles a desmontar' }).click();
    await next(page);

    // 5. Dates: a month from now.
    await onStep(page, 5, 'Fechas');
    assert.equal(await nextButton.isDisabled(), true);
    await page.getByText('Por favor, selecciona una fecha preferida para la mudanza.').waitFor();
    await page.getByLabel('Fecha preferida').fill(madridDatePlus(30));
    await page.getByRole('radio', { name: 'Mañana (8:00-12:00)' }).check();
    await next(page);

    // 6. Summary: the breakdown adds up, VAT is 21 %, the price shown is 80 % and the quote 95 %.
    await onStep(page, 6, 'Resumen');
    const table = page.getByRole('table', { name: 'Desglose del precio' });
    await table.waitFor({ timeout: 15_000 });
    const lines = await table
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [r.querySelector('th')?.textContent ?? '', r.querySelector('td')?.textContent ?? '']),
      );
    assert.ok(lines.length >= 3, `el desglose tiene pocas líneas: ${JSON.stringify(lines)}`);
    const foot = Object.fromEntries(
      await table
        .locator('tfoot tr')
        .evaluateAll((rows) =>
          rows.map((r) => [r.querySelector('th')?.textContent ?? '', r.querySelector('td')?.textContent ?? '']),
        ),
    );
    const subtotal = euros(foot['Subtotal']);
    const iva = euros(foot['IVA (21 %)']);
    const total = euros(foot['Total']);
    const shown = euros(foot['Precio orientativo (80 % del total)']);
    const budget = euros(foot['Presupuesto definitivo (95 % del total)']);
    const sum = lines.reduce((acc, [, amount]) => acc + euros(amount), 0);
    assert.ok(Math.abs(sum - subtotal) < 0.011, `las líneas suman ${sum}, el subtotal es ${subtotal}`);
    assert.ok(Math.abs(iva - subtotal * 0.21) < 0.011, `IVA ${iva} no es el 21 % de ${subtotal}`);
    assert.ok(Math.abs(total - (subtotal + iva)) < 0.011, `total ${total} ≠ ${subtotal} + ${iva}`);
    assert.ok(Math.abs(shown - total * 0.8) < 0.011, `precio mostrado ${shown} no es el 80 % de ${total}`);
    assert.ok(Math.abs(budget - total * 0.95) < 0.011, `presupuesto ${budget} no es el 95 % de ${total}`);
    assert.equal(euros((await page.locator('.pf-price__amount').textContent()) ?? ''), shown);
    const priceText = (await page.getByRole('region', { name: 'Tu precio' }).textContent()) ?? '';
    assert.match(priceText, /Sin cargos sorpresa/);
    assert.match(priceText, /precio orientativo/);
    // Next to the two percentages, a sentence says they are of one total, not two prices.
    assert.match(priceText, /El 80 % y el 95 % no son dos precios distintos/);
    assert.ok(
      lines.some(([concept]) => /planta|piso/i.test(concept)),
      `sin línea por la planta sin ascensor: ${JSON.stringify(lines)}`,
    );

    // The contact form: the button waits for a name and the consent; bad email and phone are refused.
    const send = page.getByRole('button', { name: 'Solicitar presupuesto' });
    assert.equal(await send.isDisabled(), true);
    await page.getByLabel('Nombre', { exact: true }).fill('Lucía Fernández Prueba');
    await page.getByRole('checkbox', { name: /Acepto que me contactéis/ }).check();
    assert.equal(await page.getByRole('checkbox', { name: /ofertas y novedades/ }).isChecked(), false);
    await page.getByLabel('Email', { exact: true }).fill('lucia@ejemplo');
    await page.getByLabel('Teléfono', { exact: true }).fill('6123');
    await send.click();
    await page.getByText('Por favor, introduzca un email válido.').waitFor();
    await page.getByText('Por favor, introduzca un número de teléfono válido.').waitFor();
    const email = uniqueEmail('presupuesto');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Teléfono', { exact: true }).fill('612345678');
    await send.click();

    const done = page.getByRole('heading', { name: '¡Solicitud enviada! Te contactaremos pronto.' });
    await done.waitFor({ timeout: 15_000 });
    const sent = (await page.locator('.pf-sent').textContent()) ?? '';
    assert.match(sent, /menos de 24 horas/);
    // The requester's confirmation email names the same reference as the success view.
    const reference = await page.locator('.pf-sent strong').textContent();
    assert.ok(reference, 'la vista de éxito no muestra la referencia');
    const deadline = Date.now() + 10_000;
    let mail;
    while (!mail && Date.now() < deadline) {
      mail = (await outboxFor(email)).find((m) => m.texto.includes(reference));
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.ok(mail, `no llegó el email de confirmación con la referencia ${reference} a ${email}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('price finder: packs only inside the M-30, and a quote sent when no price can be calculated', async () => {
  const { context, page, errors } = await openPage();
  try {
    await page.goto(url('/buscador-precios'));
    await page.getByRole('heading', { level: 1, name: 'Buscador de precios' }).waitFor();

    // Inside the M-30 a pack can be chosen, and it is enough to go on.
    await fillAddresses(page, INSIDE_ORIGIN, INSIDE_DESTINATION);
    await next(page);
    await onStep(page, 2, 'Viviendas');
    await next(page);
    await onStep(page, 3, 'Objetos');
    assert.equal(await page.getByText(PACKS_OUTSIDE_M30).count(), 0);
    await page.getByRole('button', { name: 'Elegir Pack Esencial' }).click();
    const chosen = page.getByRole('button', { name: 'Pack Esencial elegido' });
    assert.equal(await chosen.getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByRole('button', { name: 'Siguiente' }).isDisabled(), false);

    // A destination outside the M-30 drops the pack: back on slide 3 none is chosen nor choosable.
    await back(page);
    await back(page);
    await onStep(page, 1, 'Direcciones');
    await fillAddresses(page, INSIDE_ORIGIN, DESTINATION);
    await next(page);
    await next(page);
    await onStep(page, 3, 'Objetos');
    await page.getByText(PACKS_OUTSIDE_M30).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Pack Esencial elegido' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Elegir Pack Esencial' }).isDisabled(), true);
    await page.getByText('Debe seleccionar al menos un objeto o un pack...').waitFor();

    // Back inside, with the pack again, on to the summary.
    await back(page);
    await back(page);
    await fillAddresses(page, INSIDE_ORIGIN, INSIDE_DESTINATION);
    await next(page);
    await next(page);
    await onStep(page, 3, 'Objetos');
    await page.getByRole('button', { name: 'Elegir Pack Esencial' }).click();
    await next(page);
    await onStep(page, 4, 'Servicios');
    await next(page);
    await onStep(page, 5, 'Fechas');
    await page.getByLabel('Fecha preferida').fill(madridDatePlus(30));

    // The price cannot be calculated (the call fails on its way): the quote can still be sent.
    await page.route('**/api/calculate-price', (route) => route.abort());
    await next(page);
    await onStep(page, 6, 'Resumen');
    const failed = page.getByRole('region', { name: 'Tu precio' }).getByRole('alert');
    await waitForText(failed.locator('.pf-error-panel__title'), 'Error al calcular el precio. Inténtalo de nuevo.');
    assert.match((await failed.textContent()) ?? '', /presupuesto personalizado/);
    const send = page.getByRole('button', { name: 'Solicitar presupuesto' });
    await page.getByLabel('Nombre', { exact: true }).fill('Lucía Fernández Prueba');
    const email = uniqueEmail('sin-precio');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Teléfono', { exact: true }).fill('612345678');
    await page.getByRole('checkbox', { name: /Acepto que me contactéis/ }).check();
    assert.equal(await send.isDisabled(), false, 'sin precio no se puede pedir presupuesto');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/submit-quote-request')),
      send.click(),
    ]);
    const sentBody = request.postDataJSON();
    assert.equal('estimatedPrice' in sentBody.moveDetails, false, 'sin precio calculado no se envía ninguno');
    assert.equal(sentBody.moveDetails.offerPack, 'esential');
    const done = page.getByRole('heading', { name: '¡Solicitud enviada! Te contactaremos pronto.' });
    await done.waitFor({ timeout: 15_000 });
    const reference = await page.locator('.pf-sent strong').textContent();
    assert.match(reference ?? '', /^P-\d{4}-\d{6}$/);
    // The aborted price call is the only console error.
    assert.deepEqual(
      errors.filter((e) => !/ERR_FAILED|calculate-price/.test(e)),
      [],
    );
  } finally {
    await context.close();
  }
});

test('price finder: an address nobody knows shows the route error panel and keeps Siguiente disabled', async () => {
  const { context, page, errors } = await openPage({ width: 375, height: 800 });
  try {
    await page.goto(url('/buscador-precios'));
    await page.getByRole('combobox', { name: 'Dirección de origen' }).fill(ORIGIN);
    await page
      .getByRole('combobox', { name: 'Dirección de destino' })
      .fill('Calle Inexistente 7, Villaquimera del Zurrón');
    const panel = page.getByRole('status').filter({ hasText: 'Error en el cálculo' });
    await panel.waitFor({ timeout: 15_000 });
    const text = (await panel.textContent()) ?? '';
    assert.match(text, /No se pudo calcular la ruta entre las direcciones proporcionadas/);
    assert.match(text, /Verifica que las direcciones estén bien escritas/);
    assert.match(text, /Incluye la ciudad y el país/);
    await page.getByText('No se pudo calcular la distancia...').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Siguiente' }).isDisabled(), true);
    // Nothing is wider than the phone's screen.
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
    // The error is the server's 422, an expected answer: the page itself logs nothing.
    assert.deepEqual(
      errors.filter((e) => !/status of 422/.test(e)),
      [],
    );
  } finally {
    await context.close();
  }
});
