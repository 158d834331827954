// Browser tests of reviews (issue 20 item 5), run by e2e/run.mjs against the real server: a
// finished move's client rates it from the invitation, a manager publishes or hides it in
// /gestion, and /opiniones and the client's area follow. Each demo client has one seeded finished
// move and may rate it once, so these tests need a freshly seeded database (as `make test` gives).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  account,
  accountByLogin,
  authStatus,
  clientLogin,
  openPage,
  pageApi,
  staffLogin,
  url,
  waitForText,
} from './helpers.mjs';

const MARTA = accountByLogin('cliente@mudanzas.test');
const PABLO = accountByLogin('pablo@mudanzas.test');
const PHONE = { width: 375, height: 800 };

/**
 * Logs a client in (through the desktop navbar), then gives the page `viewport`; returns their
 * user and the newest finished move that awaits a review.
 */
async function clientWithMoveToRate(page, who, viewport) {
  await clientLogin(page, who.login, who.password);
  if (viewport) await page.setViewportSize(viewport);
  const { user } = await authStatus(page);
  assert.ok(user, `${who.login} no quedó con sesión iniciada`);
  const mine = await pageApi(page, 'GET', '/api/mis-opiniones');
  assert.equal(mine.status, 200);
  const [moveId] = mine.body.por_valorar;
  assert.ok(moveId, `${who.login} no tiene ninguna mudanza terminada por valorar (¿base de datos recién sembrada?)`);
  return { user, moveId };
}

async function publishedFigures() {
  const response = await fetch(url('/api/opiniones'));
  assert.equal(response.status, 200);
  return (await response.json()).estadisticas;
}

/** The manager's moderation section, on the list of pending reviews. */
async function openModeration(page) {
  await staffLogin(page, account('empresario'));
  await page.waitForURL(url('/gestion'));
  const section = page.getByRole('region', { name: 'Opiniones' });
  await section.scrollIntoViewIfNeeded();
  return section;
}

test('una opinión, de la invitación a la publicación en /opiniones', { timeout: 120_000 }, async () => {
  const client = await openPage();
  const manager = await openPage();
  const visitor = await openPage();
  const title = `Cuidaron cada caja ${Date.now()}`;
  try {
    const before = await publishedFigures();
    const { page } = client;
    // On a phone: the form must work with a finger at 375 px.
    const { user, moveId } = await clientWithMoveToRate(page, MARTA, PHONE);

    // The dashboard invites her to rate the finished move.
    await page.goto(url(`/cliente/${user.id}`));
    await page.getByRole('region', { name: /^¿Qué tal fue tu mudanza del / }).waitFor();

    // The 'finalizada' email links to /cliente?valorar=N: her area, with the form for that move open.
    await page.goto(url(`/cliente?valorar=${moveId}`));
    await page.waitForURL(url(`/cliente/${user.id}?valorar=${moveId}`));
    const dialog = page.getByRole('dialog', { name: 'Valora tu mudanza' });
    await dialog.getByText(`la mudanza nº ${moveId} del`, { exact: false }).waitFor();
    const form = dialog.getByRole('form', { name: 'Tu opinión' });

    // Sent empty, each field says what it needs, in Spanish.
    await form.getByRole('button', { name: 'Enviar opinión' }).click();
    for (const text of [
      'Elige una valoración de 1 a 5 estrellas',
      'El título de la opinión es requerido',
      'Escribe tu opinión: cuéntanos qué tal fue la mudanza',
      'Dinos si nos recomendarías: elige Sí o No',
    ]) {
      await form.getByText(text).waitFor();
    }

    // The stars are a radio group: a tap on the third, then the arrow key to the fourth.
    await form.getByRole('radio', { name: '3 estrellas' }).check();
    await page.keyboard.press('ArrowRight');
    assert.equal(await form.getByRole('radio', { name: '4 estrellas' }).isChecked(), true);
    const star = await form.getByRole('radio', { name: '4 estrellas' }).locator('..').boundingBox();
    assert.ok(star && star.width >= 44 && star.height >= 44, `cada estrella debe medir 44 px: ${JSON.stringify(star)}`);
    await form.getByLabel('Título').fill(title);
    await form.getByLabel('Tu opinión').fill('Llegaron a su hora, lo embalaron todo y no se rompió nada.');
    await form.getByRole('radio', { name: 'Sí' }).check();
    await form.getByRole('button', { name: 'Enviar opinión' }).click();

    const thanks = page.getByRole('dialog', { name: '¡Gracias por tu opinión!' });
    await thanks.getByText('Pendiente de moderación').waitFor();
    await thanks.getByRole('button', { name: 'Cerrar' }).last().click();
    const card = page.getByRole('article', { name: `Mudanza ${moveId}` });
    await card.getByText('Pendiente de moderación').waitFor();
    // Not on /opiniones until a manager publishes it.
    assert.equal((await publishedFigures()).total, before.total);

    // The manager sees it waiting and publishes it.
    const section = await openModeration(manager.page);
    const item = section.getByRole('listitem', { name: `Opinión de Marta S.: ${title}` });
    await item.getByText(`Mudanza #${moveId}`).waitFor();
    assert.match(await section.getByTestId('opiniones-pendientes').textContent(), /\d+ pendientes?/);
    await item.getByRole('button', { name: 'Publicar' }).click();
    await item.getByText('Publicada', { exact: true }).waitFor();
    await section.getByText('Opinión de Marta S. publicada: ya aparece en Opiniones.').waitFor();

    // /opiniones shows it, marked as written by a client, and the count grew by one.
    const { page: anyone } = visitor;
    await anyone.emulateMedia({ reducedMotion: 'reduce' });
    await anyone.goto(url('/opiniones'));
    const review = anyone.getByRole('article', { name: title });
    await review.waitFor();
    await review.getByText('Cliente verificado').waitFor();
    await review.getByRole('img', { name: '4 de 5 estrellas' }).waitFor();
    await review.getByText('Marta S.').waitFor();
    assert.equal(
      await anyone.locator('[data-stat-value]').first().textContent(),
      String(before.total + 1),
      'la cifra de reseñas no ha crecido en una',
    );

    // And her card says so once she comes back.
    await page.reload();
    await card.getByText('Publicada', { exact: true }).waitFor();
    await card.getByText('Ya aparece en la página de Opiniones. ¡Gracias!').waitFor();
    assert.equal(await page.getByRole('region', { name: /^¿Qué tal fue tu mudanza del / }).count(), 0);

    for (const { errors } of [client, manager, visitor]) assert.deepEqual(errors, []);
  } finally {
    for (const opened of [client, manager, visitor]) await opened.context.close();
  }
});

test('la gerencia oculta una opinión con su motivo, y el cliente lo lee en su área', { timeout: 120_000 }, async () => {
  const client = await openPage();
  const manager = await openPage(PHONE);
  const title = `Tardaron en llegar ${Date.now()}`;
  const reason = 'Menciona el nombre completo y el teléfono de un operario.';
  try {
    const { page } = client;
    const { user, moveId } = await clientWithMoveToRate(page, PABLO);

    // From the move's own card this time.
    await page.goto(url(`/cliente/${user.id}`));
    const card = page.getByRole('article', { name: `Mudanza ${moveId}` });
    await card.getByRole('button', { name: `Valorar la mudanza ${moveId}` }).click();
    const form = page.getByRole('dialog', { name: 'Valora tu mudanza' }).getByRole('form', { name: 'Tu opinión' });
    await form.getByRole('radio', { name: '2 estrellas' }).check();
    await form.getByLabel('Título').fill(title);
    await form.getByLabel('Tu opinión').fill('El operario Juan Pérez (600 000 000) llegó tarde.');
    await form.getByRole('radio', { name: 'No' }).check();
    await form.getByRole('button', { name: 'Enviar opinión' }).click();
    await page
      .getByRole('dialog', { name: '¡Gracias por tu opinión!' })
      .getByRole('button', { name: 'Cerrar' })
      .last()
      .click();
    await card.getByText('Pendiente de moderación').waitFor();

    // Hiding asks for the reason the client will read.
    const section = await openModeration(manager.page);
    const item = section.getByRole('listitem', { name: `Opinión de Pablo G.: ${title}` });
    await item.getByRole('button', { name: 'Ocultar' }).click();
    const hide = item.getByRole('form', { name: 'Ocultar la opinión de Pablo G.' });
    await hide.getByRole('button', { name: 'Ocultar opinión' }).click();
    await hide.getByText('Indica el motivo por el que se oculta la opinión').waitFor();
    await hide.getByLabel(/^Motivo/).fill(reason);
    await hide.getByRole('button', { name: 'Ocultar opinión' }).click();
    await item.getByText('Oculta', { exact: true }).waitFor();
    await item.getByText(`Motivo: ${reason}`).waitFor();
    // The phone's layout keeps the section inside the screen.
    const width = await manager.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `la página se sale por ${width - PHONE.width} px a 375 px`);

    await page.reload();
    await card.getByText('Oculta', { exact: true }).waitFor();
    await waitForText(card.getByText(/^No la hemos publicado\./), `No la hemos publicado. Motivo: ${reason}`);

    const published = await (await fetch(url('/api/opiniones'))).json();
    assert.equal(
      published.opiniones.some((r) => r.titulo === title),
      false,
      'una opinión oculta aparece en /api/opiniones',
    );
    for (const { errors } of [client, manager]) assert.deepEqual(errors, []);
  } finally {
    for (const opened of [client, manager]) await opened.context.close();
  }
});
