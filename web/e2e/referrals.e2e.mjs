// Browser tests of 'Recomendar a un amigo' (issue 20 item 7), run by e2e/run.mjs against the real
// server: a client copies their personal link, a visitor arrives through it, asks for a quote and
// registers, the manager's inbox says who recommended the request, and the client sees one friend
// (the same person twice). Every run uses fresh accounts, so it can be repeated on one database.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  account,
  madridDatePlus,
  openPage,
  pageApi,
  registerThroughApi,
  staffLogin,
  uniqueEmail,
  url,
} from './helpers.mjs';

const PASSWORD = 'Mudanza#2026';
const REFERRER = 'Ana Recomienda Prueba';

/** The referrer's dialog, opened from their dashboard's quick actions. */
async function openReferral(page, userId) {
  await page.goto(url(`/cliente/${userId}`));
  await page
    .getByRole('region', { name: 'Acciones rápidas' })
    .getByRole('button', { name: /Recomendar a un amigo/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Recomendar a un amigo' });
  await dialog.getByLabel('Tu enlace personal').waitFor();
  return dialog;
}

test(
  'un amigo llega con el enlace, pide presupuesto y se registra; la gerencia y el cliente lo ven',
  { timeout: 120_000 },
  async () => {
    const client = await openPage({ width: 1280, height: 800 }, { permissions: ['clipboard-read', 'clipboard-write'] });
    const visitor = await openPage({ width: 375, height: 800 });
    const manager = await openPage();
    try {
      // The referrer, a new client.
      const { page } = client;
      const { user } = await registerThroughApi(page, uniqueEmail('recomienda'), PASSWORD, { fullName: REFERRER });
      let dialog = await openReferral(page, user.id);
      await dialog.getByText('Aún no ha llegado ningún amigo con tu enlace.').waitFor();
      await dialog.getByRole('button', { name: 'Copiar enlace' }).click();
      await dialog.getByText('Enlace copiado').waitFor();
      const link = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(link, await dialog.getByLabel('Tu enlace personal').inputValue());
      const { search } = new URL(link);
      const code = new URLSearchParams(search).get('ref');
      assert.match(code ?? '', /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/, link);
      const whatsapp = await dialog.getByRole('link', { name: /Compartir por WhatsApp/ }).getAttribute('href');
      assert.ok(whatsapp.startsWith('https://wa.me/?text=') && decodeURIComponent(whatsapp).includes(link), whatsapp);

      // A friend opens it (on this server: PUBLIC_URL may name another host), on a phone.
      const friend = visitor.page;
      const email = uniqueEmail('amigo');
      // Names take letters only: the time, spelled with them, keeps this run's card apart.
      const name = `Luis Amigo ${[...String(Date.now())].map((d) => 'abcdefghij'[Number(d)]).join('')}`;
      await friend.goto(url(`/${search}`));
      await friend.getByRole('heading', { level: 1 }).first().waitFor();
      // The code is remembered, and the address bar no longer shows it.
      assert.equal(new URL(friend.url()).search, '');
      const remembered = await friend.evaluate(() => JSON.parse(localStorage.getItem('recomendacion') ?? 'null'));
      assert.equal(remembered?.codigo, code);

      // They ask for a quote as the price finder sends it, with the remembered code …
      const quote = await pageApi(friend, 'POST', '/api/submit-quote-request', {
        contact: { name, email, phone: '612 345 678', preferredContact: 'phone' },
        moveDetails: {
          origin: {
            address: 'Calle de Atocha 30, 28012 Madrid',
            propertyType: 'apartment_2_room',
            access: 'normal',
            floor: 'third',
            elevator: true,
          },
          destination: {
            address: 'Calle de Serrano 41, 28001 Madrid',
            propertyType: 'house_2_rooms',
            access: 'normal',
            floor: 'ground',
            elevator: false,
          },
          objects: [{ id: 'caja-mediana', quantity: 12 }],
          schedule: {
            preferredDate: madridDatePlus(30),
            alternativeDate: null,
            flexibleDates: true,
            timePreference: 'morning',
          },
          distance: 4,
          duration: 12,
        },
        consent: { contact: true, marketing: false },
        referralCode: remembered.codigo,
      });
      assert.equal(quote.status, 200, JSON.stringify(quote.body));

      // … and register through the wizard, which sends it by itself.
      await friend.goto(url('/registro'));
      await friend.getByLabel('Nombre completo', { exact: true }).fill(name);
      await friend.getByRole('button', { name: 'Siguiente' }).click();
      await friend.getByText('Paso 2 de 3').waitFor();
      await friend.getByLabel('Email', { exact: true }).fill(email);
      await friend.getByLabel('Teléfono', { exact: true }).fill('612345678');
      await friend.getByLabel('Dirección', { exact: true }).fill('Calle de Serrano 45, 28001 Madrid');
      await friend.getByRole('button', { name: 'Siguiente' }).click();
      await friend.getByText('Paso 3 de 3').waitFor();
      const sent = friend.waitForRequest((r) => r.url().endsWith('/api/register') && r.method() === 'POST');
      await friend.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
      await friend.getByLabel('Confirmar contraseña', { exact: true }).fill(PASSWORD);
      await friend.getByRole('checkbox', { name: /condiciones de uso/ }).check();
      await friend.getByRole('button', { name: 'Crear cuenta' }).click();
      assert.equal(JSON.parse((await sent).postData() ?? '{}').referralCode, code);
      await friend.waitForURL(url('/confirmar-email'));

      // The manager's inbox says who recommended the request.
      await staffLogin(manager.page, account('empresario'));
      await manager.page.waitForURL(url('/gestion'));
      const card = manager.page
        .getByRole('region', { name: 'Solicitudes de presupuesto' })
        .getByRole('listitem', { name: `Solicitud de ${name}`, exact: true });
      await card.getByText(`Recomendado por ${REFERRER}`).waitFor();

      // The referrer sees one friend: the same person asked and registered.
      dialog = await openReferral(page, user.id);
      await dialog.getByText('1 amigo ha llegado con tu enlace.').waitFor();
      // The dialog fits a phone.
      await page.setViewportSize({ width: 375, height: 800 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `la página se sale por ${width - 375} px a 375 px`);

      for (const { errors } of [client, visitor, manager]) assert.deepEqual(errors, []);
    } finally {
      for (const opened of [client, visitor, manager]) await opened.context.close();
    }
  },
);
