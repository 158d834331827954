// Browser tests of the shell, the staff login and the staff dashboards (run by e2e/run.mjs).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  account,
  accountByLogin,
  accounts,
  authStatus,
  clientLogin,
  createMove,
  madridDatePlus,
  openPage,
  pageApi,
  staffLogin,
  url,
  waitForText,
} from './helpers.mjs';

const SOME_CLIENT_ID = '00000000-0000-4000-8000-000000000000';
const UNKNOWN_PATH = '/esta-pagina-no-existe';

// The 28 paths of spec §2, shared with the route-table unit test.
const SPEC_PATHS = JSON.parse(readFileSync(new URL('../src/app/spec-paths.json', import.meta.url), 'utf8'));
// Pages behind the route guard: an anonymous visitor ends up on the home page.
const GUARDED = new Set([
  '/cliente/:id',
  '/admin',
  '/factura',
  '/gestion',
  '/trabajo',
  '/debug',
  '/detalles-mudanza',
  '/formulario-mudanza',
  '/confirmar-mudanza',
]);
const PUBLIC_ROUTES = SPEC_PATHS.filter((p) => !GUARDED.has(p));
const GUARDED_ROUTES = SPEC_PATHS.filter((p) => GUARDED.has(p)).map((p) => p.replace(':id', SOME_CLIENT_ID));

describe('todas las rutas cargan sin errores', { concurrency: 4 }, () => {
  for (const path of [...PUBLIC_ROUTES, ...GUARDED_ROUTES, UNKNOWN_PATH]) {
    test(path, { timeout: 30_000 }, async () => {
      const { context, page, errors } = await openPage();
      try {
        const response = await page.goto(url(path), { waitUntil: 'networkidle' });
        assert.ok(response, 'sin respuesta del servidor');
        assert.ok(response.status() < 400, `${path} respondió HTTP ${response.status()}`);
        await page.locator('h1').first().waitFor({ state: 'visible' });
        if (GUARDED_ROUTES.includes(path)) {
          await page.waitForURL(url('/'));
        }
        assert.deepEqual(errors, [], `errores en ${path}:\n${errors.join('\n')}`);
      } finally {
        await context.close();
      }
    });
  }
});

test('una ruta desconocida muestra el 404 con enlace al inicio', { timeout: 30_000 }, async () => {
  const { context, page } = await openPage();
  try {
    await page.goto(url(UNKNOWN_PATH));
    await page.getByRole('heading', { name: '404 - Página no encontrada' }).waitFor();
    const home = page.getByRole('main').getByRole('link', { name: 'Volver al inicio' });
    assert.equal(await home.getAttribute('href'), '/');
    await home.click();
    await page.waitForURL(url('/'));
  } finally {
    await context.close();
  }
});

test('la gerencia entra en /gestion, sigue dentro al recargar y puede cerrar sesión', { timeout: 30_000 }, async () => {
  const manager = account('empresario');
  const { context, page } = await openPage();
  try {
    await staffLogin(page, manager);
    await page.waitForURL(url('/gestion'));
    await page.getByText(`Sesión iniciada como ${manager.nombre}`).waitFor();

    await page.reload();
    await page.getByText(`Sesión iniciada como ${manager.nombre}`).waitFor();

    // Logout reloads the page; wait for the new document, not just the guard's redirect.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await reloaded;
    await page.waitForURL(url('/'));
    await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    assert.equal((await authStatus(page)).authenticated, false);
  } finally {
    await context.close();
  }
});

test('un trabajador entra en /trabajo', { timeout: 30_000 }, async () => {
  const worker = account('empleado');
  const { context, page } = await openPage();
  try {
    await staffLogin(page, worker);
    await page.waitForURL(url('/trabajo'));
    await page.getByText(`Sesión iniciada como ${worker.nombre}`).waitFor();
  } finally {
    await context.close();
  }
});

test('una contraseña incorrecta muestra "Credenciales inválidas"', { timeout: 30_000 }, async () => {
  const manager = account('empresario');
  const { context, page } = await openPage();
  try {
    await staffLogin(page, manager, `${manager.password}-incorrecta`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.textContent())?.trim(), 'Credenciales inválidas');
    assert.equal(new URL(page.url()).pathname, '/acceso-gerencia');
    assert.equal((await authStatus(page)).authenticated, false);
  } finally {
    await context.close();
  }
});

test('el diálogo de acceso valida y deja entrar a un cliente', { timeout: 30_000 }, async () => {
  const client = account('cliente');
  const { context, page } = await openPage();
  try {
    await page.goto(url('/opiniones'));
    const navbar = page.getByRole('banner');
    await navbar.getByRole('button', { name: 'Iniciar sesión' }).click();

    const dialog = page.getByRole('dialog', { name: 'Iniciar sesión' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    await dialog.getByText('Por favor, completa todos los campos').waitFor();

    await dialog.getByLabel('Email', { exact: true }).fill(client.login);
    await dialog.getByLabel('Contraseña', { exact: true }).fill(client.password);
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Straight to the client's own area.
    await page.waitForURL(/\/cliente\//);

    const profile = navbar.getByRole('link', { name: 'Mi perfil' });
    await profile.waitFor();
    const status = await authStatus(page);
    assert.equal(status.authenticated, true);
    assert.equal(new URL(page.url()).pathname, `/cliente/${status.user.id}`);
    assert.equal(await profile.getAttribute('href'), `/cliente/${status.user.id}`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null'));
    assert.equal(stored?.email, client.email);

    await profile.click();
    await page.waitForURL(url(`/cliente/${status.user.id}`));
    await page.getByRole('heading', { name: 'Mi área de cliente' }).waitFor();
  } finally {
    await context.close();
  }
});

test('la cabecera se oculta en /acceso-gerencia y se ve en /', { timeout: 30_000 }, async () => {
  const { context, page } = await openPage();
  try {
    await page.goto(url('/'));
    await page.getByRole('banner').waitFor({ state: 'visible' });
    assert.equal(await page.getByRole('contentinfo').count(), 1);

    await page.goto(url('/acceso-gerencia'));
    await page.getByRole('heading', { name: 'Acceso de personal' }).waitFor();
    assert.equal(await page.getByRole('banner').count(), 0);
    assert.equal(await page.getByRole('contentinfo').count(), 0);
  } finally {
    await context.close();
  }
});

test('el menú móvil se abre, navega y se cierra a 375 px', { timeout: 30_000 }, async () => {
  const { context, page } = await openPage({ width: 375, height: 800 });
  try {
    await page.goto(url('/'));
    const toggle = page.getByRole('button', { name: 'Abrir menú' });
    await toggle.click();
    const close = page.getByRole('button', { name: 'Cerrar menú' });
    assert.equal(await close.getAttribute('aria-expanded'), 'true');
    const navigation = page.getByRole('navigation', { name: 'Principal' });
    await navigation.getByRole('link', { name: 'Buscador de precios' }).click();
    await page.waitForURL(url('/buscador-precios'));
    await page.getByRole('button', { name: 'Abrir menú' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Abrir menú' }).getAttribute('aria-expanded'), 'false');
    assert.equal(await navigation.getByRole('link', { name: 'Buscador de precios' }).isVisible(), false);
  } finally {
    await context.close();
  }
});

// Worker dashboard (/trabajo). These tests change moves on the server, so each one reads the
// current state first and picks a change that is a real change from there: they can run again
// on the same database.

/** A logged-in worker (or any staff member) in a fresh context, with /trabajo open and live. */
async function openDashboard(who, viewport) {
  const opened = await openPage(viewport);
  await staffLogin(opened.page, who);
  await opened.page.waitForURL(url('/trabajo'));
  await waitForList(opened.page);
  await opened.page.getByText('En directo').waitFor();
  return opened;
}

/** Until the worker's list has answered: its cards, or the words saying there are none. */
async function waitForList(page) {
  await page.locator('.worker-moves__list, .worker-moves__empty:not(:has-text("Cargando"))').first().waitFor();
}

/** The worker's 'Todas las mudanzas' tab, searched for one move by its number (issue 19: a search, not a scroll). */
async function findInAllMoves(page, id) {
  await page.getByRole('tab', { name: 'Todas las mudanzas' }).click();
  await page.getByRole('searchbox', { name: 'Buscar mudanza' }).fill(String(id));
  // The list shown before the search stays until the search answers.
  await waitForText(async () => String(await page.getByRole('article').count()), '1');
  await moveCard(page, id).waitFor();
}

function moveCard(page, id) {
  return page.getByRole('article', { name: `Mudanza ${id}`, exact: true });
}

async function statusOf(card) {
  return (await card.locator('.status-badge:not(.status-badge--urgent)').textContent())?.trim();
}

async function statValue(page, label) {
  const stat = page.getByRole('region', { name: 'Resumen' }).locator('.worker-stat', { hasText: label });
  return Number(await stat.locator('.worker-stat__value').textContent());
}

/** The id of the first card matching `filter` (e.g. a move scheduled today). */
async function firstCardId(page, filter = {}) {
  const label = await page.getByRole('article').filter(filter).first().getAttribute('aria-label');
  return Number(label?.replace('Mudanza ', ''));
}

/** The id of the first card of a move assigned to the signed-in worker (it offers the status change). */
async function firstOwnCardId(page, filter = {}) {
  const own = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Cambiar estado' }) });
  const label = await own.filter(filter).first().getAttribute('aria-label');
  return Number(label?.replace('Mudanza ', ''));
}

async function changeStatusInUi(page, id, label) {
  const card = moveCard(page, id);
  await card.getByRole('button', { name: 'Cambiar estado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar estado' });
  await dialog.getByText(label, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

test('un trabajador cambia el estado en /trabajo y la tarjeta lo muestra', { timeout: 45_000 }, async () => {
  const worker = account('empleado');
  const { context, page, errors } = await openDashboard(worker);
  try {
    const id = await firstOwnCardId(page);
    const card = moveCard(page, id);
    const before = await statusOf(card);
    const target = before === 'En Progreso' ? 'Pendiente' : 'En Progreso';

    await changeStatusInUi(page, id, target);
    assert.equal(await statusOf(card), target);

    // The server kept it: a reload shows the same.
    await page.reload();
    await moveCard(page, id).waitFor();
    assert.equal(await statusOf(moveCard(page, id)), target);

    // The filter for that status lists the card.
    const filter = target === 'Pendiente' ? 'Pendientes' : 'En Progreso';
    await page.getByRole('group', { name: 'Filtrar por estado' }).getByRole('button', { name: filter }).click();
    await moveCard(page, id).waitFor();
    assert.deepEqual(errors, [], errors.join('\n'));
  } finally {
    await context.close();
  }
});

test(
  'un cambio de estado aparece en directo en el /trabajo de otro trabajador, sin recargar',
  { timeout: 60_000 },
  async () => {
    const [first, second] = accounts.filter((a) => a.role === 'empleado');
    assert.ok(first && second, 'hacen falta dos trabajadores en demo-accounts.json');
    const a = await openDashboard(first);
    // The same worker on a second device, and the other worker looking the move up.
    const same = await openDashboard(first);
    const b = await openDashboard(second);
    try {
      // A move of the first worker's scheduled today, so 'Completadas hoy' moves too (§9).
      const id = await firstOwnCardId(a.page, { has: a.page.locator('.move-card__today') });
      assert.ok(id > 0, 'la demo no tiene ninguna mudanza para hoy');
      await findInAllMoves(b.page, id);
      const before = await statusOf(moveCard(b.page, id));
      const target = before === 'Completada' ? 'En Progreso' : 'Completada';
      const todayBefore = await statValue(same.page, 'Completadas hoy');
      const expectedToday = todayBefore + (target === 'Completada' ? 1 : -1);
      for (const page of [b.page, same.page]) {
        await page.evaluate(() => {
          window.__sinRecargar = true;
        });
      }

      await changeStatusInUi(a.page, id, target);

      await waitForText(moveCard(b.page, id).locator('.status-badge:not(.status-badge--urgent)'), target);
      await waitForText(moveCard(same.page, id).locator('.status-badge:not(.status-badge--urgent)'), target);
      await waitForText(async () => String(await statValue(same.page, 'Completadas hoy')), String(expectedToday));
      for (const page of [b.page, same.page]) {
        assert.equal(await page.evaluate(() => window.__sinRecargar), true, 'la página se recargó');
      }
      assert.deepEqual([...a.errors, ...same.errors, ...b.errors], []);
    } finally {
      await a.context.close();
      await same.context.close();
      await b.context.close();
    }
  },
);

test('un trabajador solo cambia y fotografía las mudanzas que tiene asignadas', { timeout: 45_000 }, async () => {
  const worker = account('empleado');
  const { context, page, errors } = await openDashboard(worker);
  try {
    // §6: every move is there to see; the others' cards offer no status change and no upload.
    await page.getByRole('tab', { name: 'Todas las mudanzas' }).click();
    const others = page.getByRole('article').filter({ hasText: 'No está asignada a ti: solo puedes consultarla.' });
    await others.first().waitFor();
    const id = await firstCardId(page, { hasText: 'No está asignada a ti' });
    const card = moveCard(page, id);
    assert.equal(await card.getByRole('button', { name: 'Cambiar estado' }).count(), 0);
    assert.equal(await card.getByRole('button', { name: 'Subir foto' }).count(), 0);
    assert.ok((await firstOwnCardId(page)) > 0, 'el trabajador no tiene ninguna mudanza asignada');
    assert.deepEqual(errors, [], errors.join('\n'));

    // Asked directly, the server refuses it with its Spanish message.
    const answer = await page.evaluate(async (mudanza_id) => {
      const r = await fetch('/api/actualizar-estado-mudanza', {
        method: 'PUT',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ mudanza_id, nuevo_estado: 'en curso' }),
      });
      return { status: r.status, body: await r.json() };
    }, id);
    assert.equal(answer.status, 403, JSON.stringify(answer.body));
    assert.match(answer.body.error, /^Esta mudanza no está asignada a ti/);
  } finally {
    await context.close();
  }
});

test('un cambio de la gerencia llega en directo a /trabajo', { timeout: 60_000 }, async () => {
  const manager = account('empresario');
  const worker = account('empleado');
  const m = await openPage();
  const w = await openDashboard(worker);
  try {
    await staffLogin(m.page, manager);
    await m.page.waitForURL(url('/gestion'));
    const id = await firstCardId(w.page);
    const before = await statusOf(moveCard(w.page, id));
    // 'confirmada' is the one status only managers may set.
    const nuevo = before === 'Confirmada' ? 'pendiente' : 'confirmada';
    const label = nuevo === 'confirmada' ? 'Confirmada' : 'Pendiente';
    const answer = await m.page.evaluate(
      async ([mudanza_id, nuevo_estado]) => {
        const r = await fetch('/api/actualizar-estado-mudanza', {
          method: 'PUT',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ mudanza_id, nuevo_estado }),
        });
        return { status: r.status, body: await r.json() };
      },
      [id, nuevo],
    );
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    await waitForText(moveCard(w.page, id).locator('.status-badge:not(.status-badge--urgent)'), label);
    assert.deepEqual(w.errors, []);
  } finally {
    await m.context.close();
    await w.context.close();
  }
});

test('/trabajo cabe en 375 px y el diálogo de estado se usa en el móvil', { timeout: 45_000 }, async () => {
  const worker = account('empleado');
  const { context, page } = await openDashboard(worker, { width: 375, height: 800 });
  try {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `la página se sale ${overflow} px por la derecha`);
    const id = await firstOwnCardId(page);
    await moveCard(page, id).getByRole('button', { name: 'Cambiar estado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar estado' });
    const box = await dialog.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 375, 'el diálogo no cabe en la pantalla');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  } finally {
    await context.close();
  }
});

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('un trabajador sube una foto y otro la ve contada en directo', { timeout: 60_000 }, async () => {
  const [first, second] = accounts.filter((a) => a.role === 'empleado');
  const a = await openDashboard(first);
  const b = await openDashboard(second);
  try {
    const id = await firstOwnCardId(a.page);
    await findInAllMoves(b.page, id);
    const viewButton = (page) => moveCard(page, id).getByRole('button', { name: /^Ver fotos \(\d+\)$/ });
    const count = Number((await viewButton(b.page).textContent())?.match(/\d+/)?.[0]);

    await moveCard(a.page, id).getByRole('button', { name: 'Subir foto' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Fotos de la mudanza' });
    await dialog
      .getByLabel('Foto', { exact: true })
      .setInputFiles({ name: 'prueba.png', mimeType: 'image/png', buffer: PNG });
    const description = `Prueba ${Date.now()}`;
    await dialog.getByLabel('Descripción (opcional)').fill(description);
    await dialog.getByRole('button', { name: 'Subir foto' }).click();

    const image = dialog.getByRole('img', { name: description });
    await image.waitFor();
    await a.page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await image.elementHandle());
    await waitForText(viewButton(b.page), `Ver fotos (${count + 1})`);
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

// Manager dashboard (/gestion). Each test makes its own unique data (a timestamp), so they can
// run again on the same database.

/** A logged-in manager in a fresh context, with /gestion open and its list loaded. */
async function openManagerDashboard(viewport) {
  const opened = await openPage(viewport);
  await staffLogin(opened.page, account('empresario'));
  await opened.page.waitForURL(url('/gestion'));
  await opened.page.getByRole('article').first().waitFor();
  return opened;
}

/** Clicks `button` and accepts the alert it raises (§8 messages are alerts); returns its text. */
async function clickForAlert(page, button) {
  // Accepted as soon as it opens: an open alert blocks the page, and so the click that caused it.
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

const nbsp = (s) => (s ?? '').replace(/\u00a0/g, ' ').trim();

test(
  'la gerencia crea una mudanza con los 9 pasos del asistente y aparece en la lista y en el /trabajo abierto',
  { timeout: 90_000 },
  async () => {
    const { context, page, errors } = await openManagerDashboard();
    // A worker's dashboard, open before the move exists, searching for it among all moves.
    const worker = await openDashboard(accounts.find((a) => a.role === 'empleado'));
    try {
      const stamp = Date.now();
      const cliente = `Cliente E2E ${stamp}`;
      await worker.page.getByRole('tab', { name: 'Todas las mudanzas' }).click();
      await worker.page.getByRole('searchbox', { name: 'Buscar mudanza' }).fill(cliente);
      await worker.page.getByText('Ninguna mudanza coincide con la búsqueda.').waitFor();

      await page.getByRole('button', { name: 'Nueva mudanza' }).click();
      const wizard = page.getByRole('dialog', { name: 'Nueva mudanza' });
      const next = () => wizard.getByRole('button', { name: 'Siguiente' }).click();
      const step = (n, name) => wizard.getByText(`Paso ${n} de 9: ${name}`).waitFor();

      await step(1, 'Cliente');
      assert.equal(await wizard.getByRole('button', { name: 'Anterior' }).isDisabled(), true);
      await next();
      assert.equal((await wizard.getByRole('alert').textContent())?.trim(), 'El email del cliente es requerido');
      await wizard.getByLabel('Email del cliente').fill(`e2e-${stamp}@mudanzas.test`);
      await next();

      await step(2, 'Direcciones');
      await wizard.getByLabel('Dirección de origen').fill('Calle de Alcalá 120, 28009 Madrid');
      await wizard.getByLabel('Dirección de destino').fill(`Calle de la Prueba ${stamp}, 28004 Madrid`);
      await next();

      await step(3, 'Viviendas');
      await wizard.getByLabel('Planta (origen)').selectOption('third');
      await wizard.getByLabel('Hay ascensor (origen)').check();
      await wizard.getByLabel('Tipo de vivienda (destino)').selectOption('house_2_rooms');
      assert.equal(await wizard.getByLabel('Planta (destino)').count(), 0);
      await next();

      await step(4, 'Objetos');
      await next();
      assert.equal((await wizard.getByRole('alert').textContent())?.trim(), 'Debe seleccionar al menos un objeto');
      await wizard.getByRole('button', { name: 'Añadir Sofá de 3 plazas' }).click();
      await wizard.getByLabel('Cantidad de Caja mediana').fill('3');
      await wizard.getByText('4 objetos · 79 kg').waitFor();
      await next();

      await step(5, 'Servicios');
      await wizard.getByLabel('Embalaje').check();
      await wizard.getByLabel('Bultos a embalar').fill('2');
      await next();

      await step(6, 'Fechas');
      await wizard.getByLabel('Fecha preferida').fill(madridDatePlus(10));
      await wizard.getByLabel('Mañana (8:00-12:00)').check();
      await next();

      await step(7, 'Contacto');
      await wizard.getByLabel('Nombre de contacto').fill(cliente);
      await wizard.getByLabel('Teléfono de contacto').fill('612 345 678');
      await next();

      await step(8, 'Precio');
      await next();
      assert.equal((await wizard.getByRole('alert').textContent())?.trim(), 'El precio total debe ser mayor a 0');
      await wizard.getByLabel('Precio base (€)').fill('200');
      await wizard.getByLabel('Coste por distancia (€)').fill('30');
      // 230 € + 21% VAT.
      await waitForText(async () => nbsp(await wizard.getByTestId('precio-total').textContent()), '278,30 €');
      await wizard.getByLabel('Anticipo solicitado (€)').fill('50');
      await next();

      await step(9, 'Resumen');
      assert.equal(await wizard.getByRole('button', { name: 'Siguiente' }).count(), 0);
      const message = await clickForAlert(page, wizard.getByRole('button', { name: 'Crear mudanza' }));
      assert.equal(message, 'Mudanza creada exitosamente');
      await wizard.waitFor({ state: 'hidden' });

      const search = page.getByRole('searchbox', { name: 'Buscar mudanza' });
      await search.fill(cliente);
      const created = page.getByRole('article').filter({ hasText: cliente });
      await created.waitFor();
      assert.equal(await created.count(), 1);
      await created.getByText('Pendiente', { exact: true }).waitFor();
      assert.equal(nbsp(await created.locator('.mgr-move__price').textContent()), '278,30 €');

      // The server kept it, with the wizard's details.
      await page.reload();
      await page.getByRole('searchbox', { name: 'Buscar mudanza' }).fill(cliente);
      const kept = page.getByRole('article').filter({ hasText: cliente });
      await kept.getByRole('button', { name: 'Ver' }).click();
      const view = page.getByRole('dialog', { name: /^Mudanza #\d+$/ });
      await view.getByText('Sofá de 3 plazas').waitFor();
      await view.getByText('Embalaje ×2').waitFor();
      // The wizard's advance is the deposit asked for (issue 8): nothing is paid until the client pays.
      await view.getByRole('region', { name: 'Precio' }).getByText('Pendiente', { exact: true }).waitFor();
      assert.deepEqual(errors, [], errors.join('\n'));

      // The worker's search, never reloaded, shows the new move: it entered the window live.
      await worker.page.getByRole('article').filter({ hasText: cliente }).waitFor();
      assert.deepEqual(worker.errors, [], worker.errors.join('\n'));
    } finally {
      await context.close();
      await worker.context.close();
    }
  },
);

test('la gerencia edita una mudanza y el cambio se guarda', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await openManagerDashboard();
  try {
    const row = page.getByRole('article').first();
    const label = await row.getAttribute('aria-label');
    await row.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar mudanza' });

    // §5: required fields say what is missing and nothing is sent.
    const name = dialog.getByLabel('Nombre del cliente', { exact: true });
    const original = await name.inputValue();
    await name.fill('');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await dialog.getByText('El nombre del cliente es requerido').waitFor();
    await name.fill(original);

    const destino = `Calle de la Edición ${Date.now()}, 28004 Madrid`;
    await dialog.getByLabel('Dirección de destino').fill(destino);
    const message = await clickForAlert(page, dialog.getByRole('button', { name: 'Guardar cambios' }));
    assert.equal(message, 'Mudanza actualizada exitosamente');
    await dialog.waitFor({ state: 'hidden' });
    const edited = page.getByRole('article', { name: label, exact: true });
    await edited.getByText(destino).waitFor();

    await page.reload();
    await page.getByRole('article', { name: label, exact: true }).getByText(destino).waitFor();
    assert.deepEqual(errors, [], errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('un cambio de estado de un trabajador llega en directo a /gestion', { timeout: 60_000 }, async () => {
  const m = await openManagerDashboard();
  const w = await openPage();
  try {
    await m.page.getByText('En directo', { exact: true }).waitFor();
    await staffLogin(w.page, account('empleado'));
    await w.page.waitForURL(url('/trabajo'));
    // A move assigned to the worker: the only ones whose status they change.
    await w.page.getByRole('article').first().waitFor();
    const id = await firstOwnCardId(w.page);
    const row = m.page.getByRole('article', { name: `Mudanza ${id}`, exact: true });
    const before = (await row.locator('.mgr-badge:not(.mgr-badge--urgent)').textContent())?.trim();
    const [nuevo, shown] = before === 'En Progreso' ? ['pendiente', 'Pendiente'] : ['en curso', 'En Progreso'];
    await m.page.evaluate(() => {
      window.__sinRecargar = true;
    });
    const answer = await w.page.evaluate(
      async ([mudanza_id, nuevo_estado]) => {
        const r = await fetch('/api/actualizar-estado-mudanza', {
          method: 'PUT',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ mudanza_id, nuevo_estado }),
        });
        return r.status;
      },
      [id, nuevo],
    );
    assert.equal(answer, 200);
    await waitForText(row.locator('.mgr-badge:not(.mgr-badge--urgent)'), shown);
    assert.equal(await m.page.evaluate(() => window.__sinRecargar), true, 'la página se recargó');
  } finally {
    await m.context.close();
    await w.context.close();
  }
});

test('/gestion cabe en 375 px y el asistente se usa en el móvil', { timeout: 45_000 }, async () => {
  const { context, page } = await openManagerDashboard({ width: 375, height: 800 });
  try {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `la página se sale ${overflow} px por la derecha`);
    await page.getByRole('button', { name: 'Nueva mudanza' }).click();
    const wizard = page.getByRole('dialog', { name: 'Nueva mudanza' });
    const box = await wizard.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 375, 'el asistente no cabe en la pantalla');
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await wizard.getByText('El email del cliente es requerido').waitFor();
    await wizard.getByRole('button', { name: 'Cerrar' }).click();
    await wizard.waitFor({ state: 'hidden' });
  } finally {
    await context.close();
  }
});

// Invoice (/factura). The 'Generar factura' button issues the invoice (POST
// /api/factura/{id}/emitir); GET /api/factura/{id} only reads one issued, 404 before. A move keeps
// its first invoice, so this can run again on the same database.

const euros = (n) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', useGrouping: 'always' }).format(n);

test(
  'la gerencia abre la factura de una mudanza y los importes impresos son los de la API',
  { timeout: 45_000 },
  async () => {
    const { context, page, errors } = await openManagerDashboard();
    try {
      // Read with the page's session but outside the page, whose console would log the 404s.
      const readInvoice = async (moveId) => {
        const r = await context.request.get(url(`/api/factura/${moveId}`));
        return { status: r.status(), body: await r.json() };
      };
      // A move shown without an invoice yet, when there is one (else the first: a run again).
      const shown = await page
        .getByRole('article')
        .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('aria-label')?.replace('Mudanza ', ''))));
      let id = shown[0];
      for (const candidate of shown) {
        if ((await readInvoice(candidate)).status === 404) {
          id = candidate;
          break;
        }
      }
      const before = await readInvoice(id);
      const issuedBefore = before.status === 200;
      if (!issuedBefore) {
        // Reading issued nothing: still not there.
        assert.equal(before.body.error, 'La factura de esta mudanza aún no se ha emitido');
        assert.equal((await readInvoice(id)).status, 404);
      }
      // As a manager does it: the move's view, then its invoice button.
      const card = moveCard(page, id);
      await card.getByRole('button', { name: 'Ver' }).click();
      const view = page.getByRole('dialog', { name: `Mudanza #${id}` });
      await view.getByRole('button', { name: issuedBefore ? /^Factura F\d{4}-\d{6}$/ : 'Generar factura' }).click();
      await page.waitForURL(url(`/factura?id=${id}`));
      // The same invoice, read again: what the page shows must be what the API keeps.
      const answer = await readInvoice(id);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const { factura } = answer.body;
      const numero = page.getByTestId('factura-numero');
      await numero.waitFor();
      assert.equal(nbsp(await numero.textContent()), factura.numero);
      const { importes } = factura;
      const expected = {
        'factura-base-imponible': euros(importes.subtotal),
        'factura-iva': importes.iva_aplicado ? euros(importes.iva) : 'IVA no aplicado',
        'factura-total': euros(importes.total),
        // What has been paid is as of now (the payments), the lines as issued.
        'factura-pagado': euros(factura.cobros?.pagado ?? importes.pagado),
        'factura-pendiente': euros(factura.cobros?.pendiente ?? importes.pendiente),
      };
      for (const [testId, text] of Object.entries(expected)) {
        assert.equal(nbsp(await page.getByTestId(testId).textContent()), nbsp(text), testId);
      }
      await page
        .getByText(/Garantía de 30 días/)
        .first()
        .waitFor();

      // §9: the print instructions appear after 2 s; on paper only the document is left.
      const help = page.getByRole('dialog', { name: 'Instrucciones de impresión' });
      await help.waitFor();
      await page.emulateMedia({ media: 'print' });
      assert.equal(await help.isVisible(), false, 'las instrucciones salen en el papel');
      assert.equal(
        await page.getByRole('button', { name: 'Imprimir' }).isVisible(),
        false,
        'el botón sale en el papel',
      );
      assert.equal(await page.getByTestId('factura-total').isVisible(), true);
      await page.emulateMedia({ media: 'screen' });
      await help.getByRole('button', { name: 'Entendido' }).click();
      await help.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Volver al panel' }).click();
      await page.waitForURL(url('/gestion'));
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await context.close();
    }
  },
);

// Waybill: 'Generar albarán' issues it (POST /api/albaran/{id}/emitir) and opens it in a new window;
// GET /api/albaran/{id} only reads one issued.
test(
  'la gerencia genera el albarán con su botón y se abre en una ventana; leerlo antes no lo emite',
  { timeout: 45_000 },
  async () => {
    const { context, page, errors } = await openManagerDashboard();
    try {
      const readWaybill = async (moveId) => {
        const r = await context.request.get(url(`/api/albaran/${moveId}`));
        return { status: r.status(), body: await r.json() };
      };
      const shown = await page
        .getByRole('article')
        .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('aria-label')?.replace('Mudanza ', ''))));
      let id = shown[0];
      for (const candidate of shown) {
        if ((await readWaybill(candidate)).status === 404) {
          id = candidate;
          break;
        }
      }
      const before = await readWaybill(id);
      const issuedBefore = before.status === 200;
      if (!issuedBefore) {
        assert.equal(before.body.error, 'El albarán de esta mudanza aún no se ha emitido');
        assert.equal((await readWaybill(id)).status, 404);
      }
      await moveCard(page, id).getByRole('button', { name: 'Ver' }).click();
      const view = page.getByRole('dialog', { name: `Mudanza #${id}` });
      const [popup] = await Promise.all([
        context.waitForEvent('page'),
        view.getByRole('button', { name: issuedBefore ? /^Albarán A\d{4}-\d{6}$/ : 'Generar albarán' }).click(),
      ]);
      const numero = popup.locator('[data-field="numero_albaran"]');
      await numero.waitFor();
      const answer = await readWaybill(id);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.match(answer.body.albaran.numero_albaran, /^A\d{4}-\d{6}$/);
      assert.equal((await numero.textContent())?.trim(), answer.body.albaran.numero_albaran);
      await popup.close();
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await context.close();
    }
  },
);

test(
  'seguimiento en directo: el cliente ve en su móvil los hitos y las fotos que registra el equipo desde /trabajo',
  { timeout: 120_000 },
  async () => {
    const pablo = accountByLogin('pablo@mudanzas.test');
    const ana = accountByLogin('EMP-002');
    const m = await openPage();
    const w = await openDashboard(ana);
    const c = await openPage();
    try {
      await staffLogin(m.page, account('empresario'));
      await m.page.waitForURL(url('/gestion'));
      const { user: worker } = await authStatus(w.page);
      // A day of its own, far enough ahead that earlier runs left the worker free on it.
      const fecha = madridDatePlus(200 + Math.floor(Math.random() * 300));
      const id = await createMove(m.page, { nombre: pablo.nombre, email: pablo.login }, { fecha_programada: fecha });
      const assigned = await pageApi(m.page, 'POST', '/api/asignar-trabajador', {
        mudanza_id: id,
        worker_id: worker.id,
      });
      assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
      const confirmed = await pageApi(m.page, 'PUT', '/api/actualizar-estado-mudanza', {
        mudanza_id: id,
        nuevo_estado: 'confirmada',
      });
      assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));

      // The client follows it on a phone.
      await clientLogin(c.page, pablo.login, pablo.password);
      await c.page.setViewportSize({ width: 375, height: 800 });
      await c.page.goto(url(`/seguimiento?id=${id}`));
      const tracked = c.page.getByRole('article', { name: `Mudanza ${id}` });
      await tracked.getByText('Tu mudanza está confirmada.', { exact: false }).waitFor();
      await c.page.getByText('En directo').waitFor();
      await tracked.getByText('Ana', { exact: true }).waitFor();
      await tracked.getByText('Mañana (8:00-12:00)').waitFor();
      const overflow = await c.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `la página se sale ${overflow} px por la derecha`);

      // The crew leaves: the move starts, and the client sees it without reloading.
      await findInAllMoves(w.page, id);
      await moveCard(w.page, id).getByRole('button', { name: 'Registrar: En camino' }).click();
      await tracked.getByText('El equipo va de camino a la dirección de origen.').waitFor();
      await tracked.locator('.tracking__status').getByText('En Progreso', { exact: true }).waitFor();
      const steps = tracked.getByRole('list', { name: `Hitos de la mudanza ${id}` });
      await steps.locator('.milestones__step--done', { hasText: 'En camino' }).locator('time').waitFor();

      await moveCard(w.page, id).getByRole('button', { name: 'Registrar: Llegada al origen' }).click();
      await tracked.getByText('El equipo ha llegado a la dirección de origen y está cargando.').waitFor();

      // A photo the crew uploads appears on the client's page.
      await moveCard(w.page, id).getByRole('button', { name: 'Subir foto' }).click();
      const dialog = w.page.getByRole('dialog', { name: 'Fotos de la mudanza' });
      await dialog
        .getByLabel('Foto', { exact: true })
        .setInputFiles({ name: 'carga.png', mimeType: 'image/png', buffer: PNG });
      await dialog.getByLabel(/Descripción/).fill('Salón embalado');
      await dialog.getByRole('button', { name: 'Subir foto' }).click();
      await tracked.getByRole('img', { name: 'Salón embalado' }).waitFor();

      // The history from the log: created pending, confirmed, under way.
      const history = tracked.getByRole('region', { name: 'Historial' }).locator('li');
      await waitForText(async () => String(await history.count()), '3');

      // The manager sees the same milestones; a client never records one.
      const staffView = await pageApi(m.page, 'GET', `/api/mudanza/${id}`);
      assert.deepEqual(
        staffView.body.mudanza.hitos.map((h) => h.hito),
        ['en_camino', 'llegada_origen'],
      );
      const byClient = await pageApi(c.page, 'POST', `/api/mudanza/${id}/hito`, { hito: 'carga_terminada' });
      assert.equal(byClient.status, 403);
      assert.deepEqual(w.errors, []);
      assert.deepEqual(
        c.errors.filter((e) => !/status of 403 /.test(e)),
        [],
        c.errors.join('\n'),
      );
    } finally {
      await m.context.close();
      await w.context.close();
      await c.context.close();
    }
  },
);
