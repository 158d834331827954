// Browser tests of the quotes inbox on /gestion (run by e2e/run.mjs): a request sent from an
// anonymous page shows up in an open manager dashboard without a reload, and the manager turns it
// into a move through the wizard filled from it, or discards it. Each request is new (unique name
// and email), so the tests can run again on the same database (up to the server's limit of 10
// requests an hour from one address).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { account, madridDatePlus, openPage, outboxFor, pageApi, staffLogin, uniqueEmail, url } from './helpers.mjs';

/** A request as the price finder sends it (web/src/lib/api.ts QuoteRequest). */
function quoteRequest(name, email) {
  return {
    contact: { name, email, phone: '+34 698 765 432', preferredContact: 'whatsapp' },
    moveDetails: {
      origin: {
        address: 'Calle de Atocha 30, 28012 Madrid',
        propertyType: 'apartment_2_room',
        access: 'cant_park',
        floor: 'third',
        elevator: true,
      },
      destination: {
        address: 'Calle Mayor 2, 28801 Alcalá de Henares',
        propertyType: 'house_2_rooms',
        access: 'normal',
        floor: 'ground',
        elevator: false,
      },
      objects: [
        { id: 'sofa-3-plazas', quantity: 1 },
        { id: 'caja-mediana', quantity: 12 },
      ],
      services: {
        dismount: true,
        dismountQuantity: 2,
        packaging: false,
        packagingQuantity: 1,
        bestPackaging: false,
        cleaning: true,
        fragile: false,
        longStairs: false,
      },
      schedule: {
        preferredDate: madridDatePlus(30),
        alternativeDate: null,
        flexibleDates: false,
        timePreference: 'morning',
      },
      distance: 34.2,
      duration: 41,
      instructions: 'Portero automático 3ºB',
      offerPack: null,
      estimatedPrice: 300,
    },
  };
}

/** A manager with /gestion open and live. */
async function openManagerDashboard() {
  const opened = await openPage();
  await staffLogin(opened.page, account('empresario'));
  await opened.page.waitForURL(url('/gestion'));
  await opened.page.getByRole('article').first().waitFor();
  await opened.page.getByText('En directo').waitFor();
  return opened;
}

/** Sends a request from a page where nobody is logged in; returns its reference ('P-2026-000123'). */
async function submitAnonymously(name, email) {
  const { context, page } = await openPage();
  try {
    await page.goto(url('/'));
    const answer = await pageApi(page, 'POST', '/api/submit-quote-request', quoteRequest(name, email));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.success, true);
    assert.match(answer.body.referencia ?? '', /^P-\d{4}-\d{6}$/);
    return answer.body.referencia;
  } finally {
    await context.close();
  }
}

async function clickForAlert(page, button) {
  const shown = new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      const message = dialog.message();
      await dialog.accept();
      resolve(message);
    });
  });
  await button.click();
  return shown;
}

test(
  'una solicitud llega en directo a la gerencia, que la convierte en mudanza con el asistente relleno',
  { timeout: 90_000 },
  async () => {
    const { context, page, errors } = await openManagerDashboard();
    try {
      const stamp = Date.now();
      const name = `Rosa Presupuesto ${stamp}`;
      const email = uniqueEmail('presupuesto');
      const inbox = page.getByRole('region', { name: 'Solicitudes de presupuesto' });
      await inbox.getByRole('group', { name: 'Filtrar solicitudes' }).waitFor();

      const reference = await submitAnonymously(name, email);

      // No reload: the live feed brings it.
      const card = inbox.getByRole('listitem', { name: `Solicitud de ${name}`, exact: true });
      await card.waitFor();
      await card.getByText('Nueva', { exact: true }).waitFor();
      // The reference the customer was given names the request in the inbox too.
      await card.getByText(`Referencia ${reference}`).waitFor();
      await card.getByText(email).waitFor();
      await card.getByText('Sofá de 3 plazas ×1, Caja mediana ×12', { exact: false }).waitFor();
      const [mail] = await outboxFor(email);
      assert.equal(mail?.asunto, 'Hemos recibido tu solicitud de presupuesto');

      await card.getByRole('button', { name: 'Crear mudanza' }).click();
      const wizard = page.getByRole('dialog', { name: 'Nueva mudanza' });
      await wizard
        .getByText(`Rellenado con la solicitud de presupuesto ${reference} de ${name}`, { exact: false })
        .waitFor();
      const next = () => wizard.getByRole('button', { name: 'Siguiente' }).click();
      const step = (n, title) => wizard.getByText(`Paso ${n} de 9: ${title}`).waitFor();

      assert.equal(await wizard.getByLabel('Email del cliente').inputValue(), email);
      await next();
      await step(2, 'Direcciones');
      assert.equal(await wizard.getByLabel('Dirección de origen').inputValue(), 'Calle de Atocha 30, 28012 Madrid');
      await next();
      await step(3, 'Viviendas');
      assert.equal(await wizard.getByLabel('Tipo de vivienda (origen)').inputValue(), 'apartment_2_rooms');
      // One list of access types (issue 17, item 6): the customer's choice arrives as it is.
      assert.equal(await wizard.getByLabel('Acceso (origen)').inputValue(), 'cant_park');
      assert.equal(await wizard.getByLabel('Planta (origen)').inputValue(), 'third');
      await next();
      await step(4, 'Objetos');
      await wizard.getByText('13 objetos · 151 kg').waitFor();
      await next();
      await step(5, 'Servicios');
      assert.equal(await wizard.getByLabel('Desmontaje de muebles').isChecked(), true);
      const instructions = await wizard.getByLabel('Instrucciones especiales').inputValue();
      assert.equal(instructions, 'Portero automático 3ºB');
      await next();
      await step(6, 'Fechas');
      assert.equal(await wizard.getByLabel('Fecha preferida').inputValue(), madridDatePlus(30));
      await next();
      await step(7, 'Contacto');
      assert.equal(await wizard.getByLabel('Nombre de contacto').inputValue(), name);
      assert.equal(await wizard.getByLabel('Teléfono de contacto').inputValue(), '698 765 432');
      assert.equal(await wizard.getByLabel('WhatsApp').isChecked(), true);
      await next();
      await step(8, 'Precio');
      await wizard.getByLabel('Precio base (€)').fill('250');
      await next();
      await step(9, 'Resumen');
      const message = await clickForAlert(page, wizard.getByRole('button', { name: 'Crear mudanza' }));
      assert.equal(message, 'Mudanza creada exitosamente');
      await wizard.waitFor({ state: 'hidden' });

      // The move is in the list, and the request left the new ones for the converted ones.
      await page.getByRole('searchbox', { name: 'Buscar mudanza' }).fill(name);
      const created = page.getByRole('article').filter({ hasText: name });
      await created.waitFor();
      await created.getByText('Pendiente', { exact: true }).waitFor();
      await card.waitFor({ state: 'detached' });
      await inbox.getByRole('button', { name: /^Convertidas/ }).click();
      const converted = inbox.getByRole('listitem', { name: `Solicitud de ${name}`, exact: true });
      await converted.getByText('Convertida', { exact: true }).waitFor();
      const moveId = (await created.getAttribute('aria-label'))?.replace('Mudanza ', '');
      await converted.getByRole('button', { name: `Ver mudanza #${moveId}` }).waitFor();

      // Still so after a reload: the server kept both.
      await page.reload();
      await inbox.getByRole('button', { name: /^Convertidas/ }).click();
      await converted.getByText('Convertida', { exact: true }).waitFor();
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await context.close();
    }
  },
);

test('la gerencia descarta una solicitud tras confirmarlo', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await openManagerDashboard();
  try {
    const name = `Prueba Descarte ${Date.now()}`;
    await submitAnonymously(name, uniqueEmail('descarte'));
    const inbox = page.getByRole('region', { name: 'Solicitudes de presupuesto' });
    const card = inbox.getByRole('listitem', { name: `Solicitud de ${name}`, exact: true });
    await card.waitFor();
    await card.getByRole('button', { name: 'Descartar' }).click();
    await card.getByText('¿Descartar esta solicitud?').waitFor();
    await card.getByRole('button', { name: 'Sí, descartar' }).click();
    await card.waitFor({ state: 'detached' });
    await inbox.getByRole('button', { name: /^Descartadas/ }).click();
    await card.getByText('Descartada', { exact: true }).waitFor();
    assert.equal(await card.getByRole('button', { name: 'Crear mudanza' }).count(), 0);
    assert.deepEqual(errors, [], errors.join('\n'));
  } finally {
    await context.close();
  }
});
