// Browser tests of the client dashboard (/cliente/:id), run by e2e/run.mjs against the real server.
// Tests that change data use fresh accounts (unique emails) or put back what they changed, so they
// can run again on the same database.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  account,
  accountByLogin,
  authStatus,
  clientLogin,
  openPage,
  pageApi,
  registerThroughApi,
  staffLogin,
  uniqueEmail,
  url,
  waitForText,
} from './helpers.mjs';

const MARTA = accountByLogin('cliente@mudanzas.test');
const PABLO = accountByLogin('pablo@mudanzas.test');
const FRESH_PASSWORD = 'Prueba#2026';

/** Records every browser alert (§8: messages are alerts) and accepts it. */
function collectAlerts(page) {
  const alerts = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

async function waitForAlert(alerts, expected, timeout = 10_000) {
  await waitForText(() => alerts.at(-1) ?? null, expected, timeout);
}

/** Logs a demo client in and opens their dashboard; returns the user. */
/** Registers a new client from the page, which the answer logs in. */
async function registerFresh(page, tag) {
  const email = uniqueEmail(`cliente-${tag}`);
  const answer = await registerThroughApi(page, email, FRESH_PASSWORD);
  return { email, user: answer.user };
}

async function openOwnDashboard(page, who) {
  await clientLogin(page, who.login, who.password);
  const { user } = await authStatus(page);
  assert.ok(user, `${who.login} no quedó con sesión iniciada`);
  await page.goto(url(`/cliente/${user.id}`));
  await page.getByRole('heading', { level: 1, name: `¡Hola, ${who.nombre.split(' ')[0]}!` }).waitFor();
  return user;
}

/** The text of the <dd> next to the <dt> named `label` in the profile view. */
function datum(page, label) {
  return page
    .getByRole('tabpanel', { name: 'Mi Perfil' })
    .locator('dl > div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

test(
  'el perfil editado sigue tras recargar; «Verificar email» pide un código antes de ir a confirmarlo',
  { timeout: 150_000 },
  async () => {
    const { context, page, errors } = await openPage();
    const alerts = collectAlerts(page);
    try {
      const { email, user } = await registerFresh(page, 'perfil');
      await page.goto(url(`/cliente/${user.id}`));
      await page.getByRole('heading', { level: 1, name: '¡Hola, Lucía!' }).waitFor();
      // A fresh account is unconfirmed: no moves until it is.
      await page.getByText('Confirma tu email para ver tus mudanzas').waitFor();
      assert.equal(
        await page
          .getByRole('tabpanel', { name: 'Mis Mudanzas' })
          .getByRole('link', { name: 'Confirmar email' })
          .getAttribute('href'),
        '/confirmar-email',
      );

      await page.getByRole('tab', { name: 'Mi Perfil' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Mi Perfil' });
      assert.equal(await datum(page, 'Nombre').textContent(), 'Lucía');
      assert.equal(await datum(page, 'Apellidos').textContent(), 'Fernández Prueba');
      // Registration has just sent a code: asking for another within the minute is refused with the
      // server's own words (429), and the page stays on the profile.
      const verify = panel.getByRole('button', { name: 'Verificar email' });
      const [refused] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/resend-code')),
        verify.click(),
      ]);
      assert.equal(refused.status(), 429);
      const { error: waitMessage, reenviar_en: waitSeconds = 60 } = await refused.json();
      assert.ok(waitMessage, 'el 429 no trae el motivo en español');
      await waitForText(panel.getByRole('alert'), waitMessage);
      const cooldownEnds = Date.now() + waitSeconds * 1000;
      assert.equal(new URL(page.url()).pathname, `/cliente/${user.id}`);

      await panel.getByRole('button', { name: 'Editar perfil' }).click();
      assert.equal(await panel.getByLabel('Email', { exact: true }).getAttribute('readonly'), '');
      await panel.getByLabel('Teléfono', { exact: true }).fill('699111222');
      assert.equal(await panel.getByLabel('Teléfono', { exact: true }).inputValue(), '699 111 222');
      await panel.getByLabel('Ciudad', { exact: true }).fill('Alcalá de Henares');
      await panel.getByLabel('Código postal', { exact: true }).fill('28801');
      await panel.getByRole('switch', { name: 'Notificaciones por SMS' }).check();
      await panel.getByRole('button', { name: 'Guardar cambios' }).click();
      // Said on the page (a status message), not in a browser dialog.
      await waitForText(panel.getByRole('status'), 'Perfil actualizado correctamente');
      assert.deepEqual(alerts, []);
      await panel.getByRole('button', { name: 'Editar perfil' }).waitFor();

      await page.reload();
      await waitForText(datum(page, 'Teléfono'), '699 111 222');
      assert.equal(await datum(page, 'Ciudad').textContent(), 'Alcalá de Henares');
      assert.equal(await datum(page, 'Código postal').textContent(), '28801');
      const prefs = panel.locator('.client-profile__prefs li');
      assert.equal(
        await prefs.filter({ hasText: 'Notificaciones por SMS' }).locator('.client-pref').textContent(),
        'Activadas',
      );
      assert.equal(
        await prefs.filter({ hasText: 'Notificaciones por email' }).locator('.client-pref').textContent(),
        'Desactivadas',
      );

      // The edit form starts from the saved values, each toggle from its own preference.
      await panel.getByRole('button', { name: 'Editar perfil' }).click();
      assert.equal(await panel.getByRole('switch', { name: 'Notificaciones por SMS' }).isChecked(), true);
      assert.equal(await panel.getByRole('switch', { name: 'Notificaciones por email' }).isChecked(), false);
      assert.equal(await panel.getByRole('switch', { name: 'Comunicaciones comerciales' }).isChecked(), false);
      // The message went with the next edit.
      assert.equal((await panel.getByRole('status').textContent())?.trim(), '');

      const status = await authStatus(page);
      assert.equal(status.authenticated, true);
      assert.equal(status.user.telefono, '699 111 222');
      assert.equal(status.user.ciudad, 'Alcalá de Henares');
      assert.equal(status.user.codigo_postal, '28801');
      assert.equal(status.user.nombre, 'Lucía Fernández Prueba');
      assert.deepEqual(status.user.preferencias, {
        emailNotifications: false,
        smsNotifications: true,
        marketing: false,
      });

      // Once the minute is over, «Verificar email» sends a new code and opens the confirmation page
      // for this account's email.
      await panel.getByRole('button', { name: 'Cancelar' }).click();
      await page.waitForTimeout(Math.max(0, cooldownEnds - Date.now()) + 1_000);
      const [resent] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/resend-code')),
        panel.getByRole('button', { name: 'Verificar email' }).click(),
      ]);
      assert.equal(resent.status(), 200);
      await page.waitForURL(url('/confirmar-email'));
      await page.getByRole('heading', { name: 'Confirma tu email' }).waitFor();
      await page.getByRole('button', { name: `Copiar ${email}` }).waitFor();
      await waitForText(page.getByRole('timer'), '5:00', 3_000).catch(async () => {
        // A second may tick between the answer and the check.
        assert.equal((await page.getByRole('timer').textContent())?.trim(), '4:59');
      });
      assert.deepEqual(
        errors.filter((e) => !/status of 429/.test(e)),
        [],
      );
    } finally {
      await context.close();
    }
  },
);

// The worker statuses (§4) and how the client sees them.
const STAFF_VALUE = { pending: 'pendiente', in_progress: 'en curso', completed: 'finalizada', cancelled: 'cancelada' };
const CLIENT_LABEL = {
  pending: 'Pendiente',
  in_progress: 'En Progreso',
  completed: 'Completada',
  cancelled: 'Cancelada',
};

test(
  'un cambio de estado de un trabajador aparece en el panel del cliente sin recargar',
  { timeout: 60_000 },
  async () => {
    const client = await openPage();
    const worker = await openPage();
    let restore = null;
    try {
      await openOwnDashboard(client.page, MARTA);
      await client.page.getByText('En directo', { exact: true }).waitFor();
      const mine = await pageApi(client.page, 'GET', '/api/mis-mudanzas');
      assert.equal(mine.status, 200);
      // A move a worker may put back as it was (a worker cannot set 'confirmada').
      const target =
        // In progress first: the seed assigns its worker to every move past pending, and a worker
        // changes only the moves assigned to them.
        mine.body.mudanzas.find((m) => m.status === 'in_progress') ??
        mine.body.mudanzas.find((m) => m.status === 'pending') ??
        mine.body.mudanzas.find((m) => m.status in STAFF_VALUE);
      assert.ok(target, 'cliente@mudanzas.test no tiene ninguna mudanza que un trabajador pueda cambiar');
      const next = target.status === 'in_progress' ? 'pending' : 'in_progress';
      const card = client.page.getByRole('article', { name: `Mudanza ${target.id}`, exact: true });
      await waitForText(card.locator('.client-badge'), CLIENT_LABEL[target.status]);
      await client.page.evaluate(() => {
        window.__sinRecargar = true;
      });

      await staffLogin(worker.page, account('empleado'));
      await worker.page.waitForURL(url('/trabajo'));
      restore = { id: target.id, estado: STAFF_VALUE[target.status] };
      const changed = await pageApi(worker.page, 'PUT', '/api/actualizar-estado-mudanza', {
        mudanza_id: target.id,
        nuevo_estado: STAFF_VALUE[next],
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));

      await waitForText(card.locator('.client-badge'), CLIENT_LABEL[next]);
      assert.equal(await client.page.evaluate(() => window.__sinRecargar), true, 'la página se recargó');
      assert.deepEqual(client.errors, []);
    } finally {
      if (restore) {
        const back = await pageApi(worker.page, 'PUT', '/api/actualizar-estado-mudanza', {
          mudanza_id: restore.id,
          nuevo_estado: restore.estado,
        });
        assert.equal(back.status, 200, `no se pudo devolver la mudanza ${restore.id} a ${restore.estado}`);
      }
      await client.context.close();
      await worker.context.close();
    }
  },
);

test('el panel de otro cliente no se abre', { timeout: 60_000 }, async () => {
  const marta = await openPage();
  const pablo = await openPage();
  const anonymous = await openPage();
  const worker = await openPage();
  try {
    const martaUser = await openOwnDashboard(marta.page, MARTA);
    const pabloUser = await openOwnDashboard(pablo.page, PABLO);

    // Pablo cannot open Marta's page, nor one that belongs to nobody.
    for (const id of [martaUser.id, '00000000-0000-4000-8000-000000000001']) {
      await pablo.page.goto(url(`/cliente/${id}`));
      await pablo.page.waitForURL(url('/'));
    }

    await anonymous.page.goto(url(`/cliente/${martaUser.id}`));
    await anonymous.page.waitForURL(url('/'));
    const anonymousMoves = await pageApi(anonymous.page, 'GET', '/api/mis-mudanzas');
    assert.equal(anonymousMoves.status, 401);

    await staffLogin(worker.page, account('empleado'));
    await worker.page.waitForURL(url('/trabajo'));
    await worker.page.goto(url(`/cliente/${martaUser.id}`));
    await worker.page.waitForURL(url('/'));
    const workerMoves = await pageApi(worker.page, 'GET', '/api/mis-mudanzas');
    assert.equal(workerMoves.status, 403);

    // Each client gets only their own moves.
    const martaMoves = (await pageApi(marta.page, 'GET', '/api/mis-mudanzas')).body.mudanzas.map((m) => m.id);
    const pabloMoves = (await pageApi(pablo.page, 'GET', '/api/mis-mudanzas')).body.mudanzas.map((m) => m.id);
    assert.ok(martaMoves.length > 0 && pabloMoves.length > 0, 'los clientes de prueba no tienen mudanzas');
    assert.deepEqual(
      martaMoves.filter((id) => pabloMoves.includes(id)),
      [],
      'una mudanza aparece a dos clientes',
    );
    assert.notEqual(pabloUser.id, martaUser.id);
  } finally {
    for (const opened of [marta, pablo, anonymous, worker]) await opened.context.close();
  }
});

test('el filtro "Completadas" muestra solo mudanzas completadas', { timeout: 60_000 }, async () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 800 },
  ]) {
    // clientLogin uses the desktop navbar; the phone width applies once logged in.
    const { context, page, errors } = await openPage();
    try {
      await openOwnDashboard(page, MARTA);
      await page.setViewportSize(viewport);
      const cards = page.getByRole('tabpanel', { name: 'Mis Mudanzas' }).getByRole('article');
      await cards.first().waitFor();
      const all = (await pageApi(page, 'GET', '/api/mis-mudanzas')).body.mudanzas;
      const completed = all.filter((m) => m.status === 'completed').map((m) => `Mudanza ${m.id}`);
      assert.ok(completed.length > 0, 'cliente@mudanzas.test no tiene mudanzas completadas');
      assert.ok(all.length > completed.length, 'hacen falta mudanzas en otros estados');
      await waitForText(async () => cards.count(), all.length);

      const filters = page.getByRole('group', { name: 'Filtrar por estado' });
      await filters.getByRole('button', { name: 'Completadas' }).click();
      assert.equal(await filters.getByRole('button', { name: 'Completadas' }).getAttribute('aria-pressed'), 'true');
      await waitForText(async () => cards.count(), completed.length);
      const labels = await cards.evaluateAll((list) => list.map((a) => a.getAttribute('aria-label')));
      assert.deepEqual(labels.sort(), [...completed].sort());
      const badges = await cards.locator('.client-badge').allTextContents();
      assert.deepEqual([...new Set(badges)], ['Completada']);

      await filters.getByRole('button', { name: 'Todas' }).click();
      await waitForText(async () => cards.count(), all.length);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `la página se sale ${overflow}px a ${viewport.width}px`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

test('eliminar la cuenta desde el panel cierra la sesión y ya no se puede entrar', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await openPage();
  const alerts = collectAlerts(page);
  try {
    const { email, user } = await registerFresh(page, 'baja');
    await page.goto(url(`/cliente/${user.id}?tab=perfil`));
    const panel = page.getByRole('tabpanel', { name: 'Mi Perfil' });
    await panel.getByRole('button', { name: 'Eliminar cuenta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar cuenta' });
    await dialog.getByText(/se conservan de forma anónima durante el plazo legal/).waitFor();

    await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await waitForText(dialog.getByRole('alert'), 'Debes ingresar tu contraseña para confirmar');

    await dialog.getByLabel('Contraseña', { exact: true }).fill('NoEsLaMia#1');
    await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await waitForAlert(alerts, 'Error: La contraseña no es correcta');
    assert.equal((await authStatus(page)).authenticated, true, 'una contraseña errónea no debe borrar nada');

    await dialog.getByLabel('Contraseña', { exact: true }).fill(FRESH_PASSWORD);
    await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await waitForAlert(alerts, 'Cuenta eliminada correctamente');
    await page.waitForURL(url('/'));
    await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    assert.equal((await authStatus(page)).authenticated, false);
    assert.equal(await page.evaluate(() => localStorage.getItem('userData')), null);

    // The account is gone: logging in with it fails. Only one try: failed logins count against
    // this address's limit, which every browser test shares.
    await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
    const loginDialog = page.getByRole('dialog', { name: 'Iniciar sesión' });
    await loginDialog.getByLabel('Email', { exact: true }).fill(email);
    await loginDialog.getByLabel('Contraseña', { exact: true }).fill(FRESH_PASSWORD);
    await loginDialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    const refusal = (await loginDialog.getByRole('alert').textContent())?.trim();
    assert.ok(refusal, 'el diálogo no explica por qué no entra');
    assert.equal(await loginDialog.isVisible(), true);
    assert.equal((await authStatus(page)).authenticated, false);
    // The refused calls above (wrong password 400, login 401) are logged by the browser as failed resources.
    const expected = /status of (400|401|429) .*\/api\/(eliminar-cuenta|login)\)$/;
    assert.deepEqual(
      errors.filter((e) => !expected.test(e)),
      [],
    );
  } finally {
    await context.close();
  }
});

test('una mudanza cancelada sin gastos no muestra nada pendiente de pago', { timeout: 60_000 }, async () => {
  // The demo's cancelled move was cancelled more than 48 hours ahead: free (spec §9).
  let seen = 0;
  for (const who of [MARTA, PABLO]) {
    const { context, page, errors } = await openPage();
    try {
      await openOwnDashboard(page, who);
      const cards = page.getByRole('tabpanel', { name: 'Mis Mudanzas' }).getByRole('article');
      await cards.first().waitFor();
      const cancelled = (await pageApi(page, 'GET', '/api/mis-mudanzas')).body.mudanzas.filter(
        (m) => m.status === 'cancelled',
      );
      for (const m of cancelled) {
        seen += 1;
        assert.equal(m.pendiente, 0, `la mudanza ${m.id} cancelada debe 0 €`);
        assert.equal(m.gastos_cancelacion, 0);
        const card = page.getByRole('article', { name: `Mudanza ${m.id}` });
        await card.waitFor();
        const text = await card.textContent();
        assert.ok(!/Pendiente/.test(text), `la tarjeta de la mudanza ${m.id} dice: ${text}`);
        assert.equal(await card.getByRole('button', { name: /Pagar/ }).count(), 0);
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
  assert.ok(seen > 0, 'la demo tiene una mudanza cancelada');
});

test('cada filtro muestra solo las mudanzas de su estado, "Confirmadas" incluido', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await openPage();
  try {
    await openOwnDashboard(page, PABLO);
    await page.setViewportSize({ width: 375, height: 800 });
    const cards = page.getByRole('tabpanel', { name: 'Mis Mudanzas' }).getByRole('article');
    await cards.first().waitFor();
    const all = (await pageApi(page, 'GET', '/api/mis-mudanzas')).body.mudanzas;
    assert.ok(
      all.some((m) => m.status === 'confirmed'),
      'pablo@mudanzas.test tiene una mudanza confirmada',
    );
    const filters = page.getByRole('group', { name: 'Filtrar por estado' });
    for (const [label, status] of [
      ['Confirmadas', 'confirmed'],
      ['Pendientes', 'pending'],
      ['Completadas', 'completed'],
      ['En progreso', 'in_progress'],
      ['Canceladas', 'cancelled'],
    ]) {
      const expected = all.filter((m) => m.status === status).map((m) => `Mudanza ${m.id}`);
      await filters.getByRole('button', { name: label }).click();
      await waitForText(async () => cards.count(), expected.length);
      const shown = await cards.evaluateAll((list) => list.map((a) => a.getAttribute('aria-label')));
      assert.deepEqual(shown.sort(), [...expected].sort(), label);
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('la barra de navegación cierra la sesión desde cualquier página pública', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await openPage();
  try {
    await clientLogin(page, MARTA.login, MARTA.password);
    await page.goto(url('/sobre-nosotros'));
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Mi perfil' }).waitFor();
    await banner.getByRole('button', { name: 'Cerrar sesión' }).click();
    await banner.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/sobre-nosotros');
    assert.equal((await authStatus(page)).authenticated, false);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test(
  '"Descargar mis datos" guarda un JSON con la cuenta, sus mudanzas y su historial',
  { timeout: 60_000 },
  async () => {
    const { context, page, errors } = await openPage();
    try {
      const user = await openOwnDashboard(page, MARTA);
      await page.getByRole('tab', { name: 'Mi Perfil' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Descargar mis datos' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'mis-datos.json');
      const file = JSON.parse(readFileSync(await download.path(), 'utf8'));
      assert.equal(file.cuenta.id, user.id);
      assert.equal(file.cuenta.email, MARTA.login);
      const {
        body: { mudanzas },
      } = await pageApi(page, 'GET', '/api/mis-mudanzas');
      assert.deepEqual(
        file.mudanzas.map((m) => m.id).sort((a, b) => a - b),
        mudanzas.map((m) => m.id).sort((a, b) => a - b),
        'exactly her moves',
      );
      const streams = new Set(file.eventos.map((e) => e.flujo));
      for (const move of mudanzas) assert.ok(streams.has(`move-${move.id}`), `the history of move ${move.id}`);
      assert.ok(!JSON.stringify(file).includes('clave_pago'), 'no payment key in the file');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  },
);
