// Browser tests of the staff lists as server-side windows (issue 19): the worker's own day, the
// filters (confirmed included), the search, a live change entering and leaving a filtered window,
// and the manager's first window instead of every move. Run by e2e/run.mjs; each test makes its
// own data (a timestamp), so they can run again on the same database.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { account, accounts, createMove, openPage, pageApi, staffLogin, url, waitForText } from './helpers.mjs';

/** Today on the company's calendar, as the server reads 'today'. */
function madridDate(days = 0) {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Every request the page makes to the full list, which the dashboards no longer use. */
function watchRequests(page) {
  const seen = [];
  page.on('request', (request) => seen.push(new URL(request.url()).pathname + new URL(request.url()).search));
  return {
    fullList: () => seen.filter((path) => path.startsWith('/api/todas-las-mudanzas')),
    windows: () => seen.filter((path) => path.startsWith('/api/mudanzas')),
  };
}

async function openWorker(who = account('empleado'), viewport) {
  const opened = await openPage(viewport);
  opened.requests = watchRequests(opened.page);
  await staffLogin(opened.page, who);
  await opened.page.waitForURL(url('/trabajo'));
  await opened.page.getByText('En directo').waitFor();
  await waitForCards(opened.page);
  return opened;
}

async function openManager() {
  const opened = await openPage();
  opened.requests = watchRequests(opened.page);
  await staffLogin(opened.page, account('empresario'));
  await opened.page.waitForURL(url('/gestion'));
  await opened.page.getByText('En directo', { exact: true }).waitFor();
  await opened.page.getByRole('article').first().waitFor();
  return opened;
}

/** Until the list has answered: its cards, or the words saying there are none. */
async function waitForCards(page) {
  await page
    .locator('.worker-moves__list, .worker-moves__empty:not(:has-text("Cargando")), .mgr-moves, .mgr-empty')
    .first()
    .waitFor();
}

async function cardIds(page) {
  // A list being replaced says so (aria-busy): read it once it has settled.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  return page
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('aria-label')?.replace('Mudanza ', ''))));
}

/** The ids of a window as the API answers it (first page), from the page's own session. */
async function apiWindow(page, query) {
  const answer = await pageApi(page, 'GET', `/api/mudanzas?${query}`);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body;
}

const statusFilters = (page) => page.getByRole('group', { name: 'Filtrar por estado' });

/** The count a status button shows (its number after the label). */
async function buttonCount(page, label) {
  const text = await statusFilters(page).getByRole('button', { name: label, exact: true }).textContent();
  return Number(text?.replace(label, '').trim());
}

test(
  "el trabajador abre en 'Mis mudanzas': las suyas, de hoy en adelante, hoy primero",
  { timeout: 60_000 },
  async () => {
    const worker = account('empleado');
    const { context, page, errors, requests } = await openWorker(worker);
    try {
      assert.equal(await page.getByRole('tab', { name: 'Mis mudanzas' }).getAttribute('aria-selected'), 'true');
      const me = (await pageApi(page, 'GET', '/api/auth-status')).body.user.id;
      const today = madridDate();
      const expected = await apiWindow(page, `trabajador=yo&desde=${today}&orden=fecha&limite=50`);
      assert.ok(expected.mudanzas.length > 0, 'el trabajador de la demo no tiene mudanzas de hoy en adelante');
      for (const m of expected.mudanzas) {
        assert.equal(m.workerId, me, `la mudanza ${m.id} no es suya`);
        assert.ok(m.fecha_programada >= today, `la mudanza ${m.id} es de antes de hoy`);
        assert.equal(m.precio_total, undefined, 'un trabajador no ve precios');
      }
      assert.deepEqual(
        await cardIds(page),
        expected.mudanzas.map((m) => m.id),
      );
      // The seed gives the worker a move today: it comes first, marked as today's.
      assert.equal(expected.mudanzas[0].fecha_programada, today, 'la demo no tiene ninguna mudanza suya para hoy');
      await page.getByRole('article').first().locator('.move-card__today').waitFor();
      // Every card is theirs: each offers the status change.
      const cards = await page.getByRole('article').count();
      assert.equal(
        await page
          .getByRole('article')
          .filter({ has: page.getByRole('button', { name: 'Cambiar estado' }) })
          .count(),
        cards,
      );
      assert.equal(
        Number(
          await page.locator('.worker-stat', { hasText: 'Mis mudanzas' }).locator('.worker-stat__value').textContent(),
        ),
        expected.conteos.todas,
      );
      assert.deepEqual(requests.fullList(), [], 'la página pidió la lista completa');
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await context.close();
    }
  },
);

test(
  "los filtros del trabajador, 'Confirmadas' incluido, y la búsqueda por número y por nombre sin tildes",
  { timeout: 60_000 },
  async () => {
    const { context, page, errors, requests } = await openWorker();
    try {
      const today = madridDate();
      const mine = (await apiWindow(page, `trabajador=yo&desde=${today}&orden=fecha&limite=100`)).mudanzas;
      const byStatus = {
        Confirmadas: 'confirmada',
        Pendientes: 'pendiente',
        'En Progreso': 'en curso',
        Completadas: 'finalizada',
        Canceladas: 'cancelada',
      };
      for (const [label, estado] of Object.entries(byStatus)) {
        await statusFilters(page).getByRole('button', { name: label, exact: true }).click();
        const want = mine.filter((m) => m.estado === estado).map((m) => m.id);
        if (want.length === 0) await page.getByText('No hay mudanzas con este estado.').waitFor();
        else await page.getByRole('article', { name: `Mudanza ${want[0]}`, exact: true }).waitFor();
        assert.deepEqual(await cardIds(page), want, label);
      }
      await statusFilters(page).getByRole('button', { name: 'Todas', exact: true }).click();

      // Every move, as a search.
      await page.getByRole('tab', { name: 'Todas las mudanzas' }).click();
      const search = page.getByRole('searchbox', { name: 'Buscar mudanza' });
      await search.fill('5');
      await waitForText(async () => JSON.stringify(await cardIds(page)), '[5]');
      // A client's name without its accents, any case.
      const marta = accounts.find((a) => a.role === 'cliente' && /á/.test(a.nombre)) ?? account('cliente');
      const plain = marta.nombre.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
      await search.fill(plain);
      const found = await apiWindow(page, `q=${encodeURIComponent(plain)}&vista=todas&orden=fecha&limite=50`);
      assert.ok(found.mudanzas.length > 0, `ninguna mudanza de ${marta.nombre}`);
      await page.getByRole('article', { name: `Mudanza ${found.mudanzas[0].id}`, exact: true }).waitFor();
      assert.deepEqual(
        await cardIds(page),
        found.mudanzas.map((m) => m.id),
      );
      assert.ok(
        found.mudanzas.some((m) => m.cliente_nombre === marta.nombre),
        `buscar ${plain} no encuentra a ${marta.nombre}`,
      );
      assert.deepEqual(requests.fullList(), []);
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await context.close();
    }
  },
);

test(
  'un cambio de estado en otro navegador entra y sale de la lista filtrada, y los contadores lo siguen, sin recargar',
  { timeout: 90_000 },
  async () => {
    const manager = await openManager();
    const other = await openPage();
    try {
      const stamp = Date.now();
      await staffLogin(other.page, account('empresario'));
      await other.page.waitForURL(url('/gestion'));
      const { page, requests } = manager;
      await statusFilters(page).getByRole('button', { name: 'Pendiente', exact: true }).click();
      await waitForCards(page);
      const pendingBefore = await buttonCount(page, 'Pendiente');
      const confirmedBefore = await buttonCount(page, 'Confirmada');
      await page.evaluate(() => {
        window.__sinRecargar = true;
      });
      const windowsBefore = requests.windows().length;

      // Created in the other browser for today: pending, it enters this filtered window at the top.
      const id = await createMove(
        other.page,
        { nombre: `Ventana E2E ${stamp}`, email: `ventana-${stamp}@mudanzas.test` },
        {
          fecha_programada: madridDate(),
        },
      );
      const row = page.getByRole('article', { name: `Mudanza ${id}`, exact: true });
      await row.waitFor();
      await waitForText(async () => String(await buttonCount(page, 'Pendiente')), String(pendingBefore + 1));

      // Confirmed there: it leaves the pending ones here, and the counts move.
      const answer = await pageApi(other.page, 'PUT', '/api/actualizar-estado-mudanza', {
        mudanza_id: id,
        nuevo_estado: 'confirmada',
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      await row.waitFor({ state: 'detached' });
      await waitForText(async () => String(await buttonCount(page, 'Pendiente')), String(pendingBefore));
      await waitForText(async () => String(await buttonCount(page, 'Confirmada')), String(confirmedBefore + 1));

      // The confirmed filter has it, read from the server this once.
      await statusFilters(page).getByRole('button', { name: 'Confirmada', exact: true }).click();
      await row.waitFor();
      assert.equal(await page.evaluate(() => window.__sinRecargar), true, 'la página se recargó');
      assert.equal(requests.windows().length, windowsBefore + 1, 'la lista se volvió a pedir entera');
      assert.deepEqual(requests.fullList(), [], 'la página pidió la lista completa');
      assert.deepEqual(manager.errors, [], manager.errors.join('\n'));
    } finally {
      await manager.context.close();
      await other.context.close();
    }
  },
);

test(
  '/gestion muestra la primera ventana, no todas las mudanzas, y «Cargar más» trae la siguiente',
  { timeout: 120_000 },
  async () => {
    const seeder = await openPage();
    try {
      await staffLogin(seeder.page, account('empresario'));
      await seeder.page.waitForURL(url('/gestion'));
      const stamp = Date.now();
      // More than one page of moves, all in 'upcoming and recent'.
      for (let i = 0; i < 55; i += 1) {
        await createMove(
          seeder.page,
          { nombre: `Lote ${stamp} ${i}`, email: `lote-${stamp}-${i}@mudanzas.test` },
          {
            fecha_programada: madridDate(30 + (i % 20)),
          },
        );
      }
    } finally {
      await seeder.context.close();
    }
    const { context, page, errors, requests } = await openManager();
    try {
      const total = (await apiWindow(page, 'vista=proximas&limite=1')).conteos.todas;
      assert.ok(total > 55, `solo hay ${total} mudanzas`);
      assert.equal(await page.getByRole('article').count(), 50);
      assert.equal(await buttonCount(page, 'Todas'), total);
      assert.deepEqual(requests.fullList(), [], 'la página pidió la lista completa');
      const first = requests.windows()[0];
      assert.match(first, /vista=proximas/);
      assert.match(first, /limite=50/);
      await page.getByRole('button', { name: 'Cargar más' }).click();
      await page.waitForFunction(() => document.querySelectorAll('.mgr-move').length > 50);
      const ids = await cardIds(page);
      assert.equal(new Set(ids).size, ids.length, 'una mudanza sale dos veces');
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await context.close();
    }
  },
);
