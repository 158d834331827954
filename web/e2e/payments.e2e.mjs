// Browser tests of card payments (issue 8; written by the web helper against the shared contract and
// adapted to the pages on main), run by e2e/run.mjs against the real server with the
// built-in test gateway (the default provider): the payment key opens /pago, a test card pays the
// deposit, the manager's open dashboard shows it live, the invoice lists it; a declined card ends on
// /pago-fallido; axe on the four payment pages. Each test creates its own move with a client name of
// its own, so the per-name attempt limit never carries over from one run to the next.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seriousViolations } from './axe.mjs';
import {
  account,
  accountByLogin,
  authStatus,
  clientLogin,
  createMove,
  madridDatePlus,
  openPage,
  pageApi,
  staffLogin,
  uniqueEmail,
  url,
  waitForText,
} from './helpers.mjs';

const nbsp = (s) =>
  (s ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A card expiry two years ahead, as MM/AA. */
function futureExpiry() {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String((d.getFullYear() + 2) % 100).padStart(2, '0')}`;
}

// The 4xx answers these tests provoke on purpose (wrong key 401, declined card 402) are logged by
// the browser as failed resources; anything else is a defect.
const EXPECTED_4XX = /status of (401|402) .*\/api\/(auth-pay|pagos\/[^/]+\/tarjeta)\)?$/;
const unexpected = (errors) => errors.filter((e) => !EXPECTED_4XX.test(e));

/**
 * A move created from a manager's page (total 394,46 €, deposit 100 €) and a fresh payment key for
 * it: `{ id, cliente, clave }`.
 */
async function moveWithKey(managerPage, stamp) {
  const cliente = `Paula Pagos ${stamp}`;
  const email = uniqueEmail('pagos');
  const id = await createMove(
    managerPage,
    { nombre: cliente, email },
    { origen: `Calle del Pago ${stamp}, 28004 Madrid`, fecha_programada: madridDatePlus(30), pago_adelantado: 100 },
  );
  const key = await pageApi(managerPage, 'POST', `/api/mudanza/${id}/clave-pago`);
  assert.equal(key.status, 200, `clave-pago: ${JSON.stringify(key.body)}`);
  assert.match(key.body.clave_pago, /^[A-HJ-NP-Z2-9]{4}-?[A-HJ-NP-Z2-9]{4}$/, 'formato de la clave de pago');
  return { id, cliente, clave: key.body.clave_pago };
}

async function accessPayment(page, name, password) {
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByLabel('Clave de pago', { exact: true }).fill(password);
  const human = page.getByRole('checkbox', { name: 'No soy un robot' });
  if (!(await human.isChecked())) await human.check();
  await page.getByRole('button', { name: 'Acceder al pago' }).click();
}

async function fillCard(page, numero) {
  await page.getByLabel('Titular de la tarjeta').fill('Paula Pagos');
  await page.getByLabel('Número de tarjeta').fill(numero);
  await page.getByLabel('Caducidad (MM/AA)').fill(futureExpiry());
  await page.getByLabel(/^CVC/).fill('123');
}

async function loggedInManager() {
  const manager = await openPage();
  await staffLogin(manager.page, account('empresario'));
  await manager.page.waitForURL(url('/gestion'));
  await manager.page.getByRole('article').first().waitFor();
  return manager;
}

test(
  'pago con clave: la clave equivocada da el error del §8, la buena abre /pago, la tarjeta 4242 paga el anticipo y la gerencia lo ve sin recargar; la factura lo lista',
  { timeout: 120_000 },
  async () => {
    const manager = await loggedInManager();
    const client = await openPage();
    try {
      await manager.page.getByText('En directo', { exact: true }).waitFor();
      const stamp = Date.now();
      const move = await moveWithKey(manager.page, stamp);

      // The manager opens the move's detail and leaves it open.
      await manager.page.getByRole('searchbox').fill(String(move.id));
      const row = manager.page.getByRole('article', { name: `Mudanza ${move.id}`, exact: true });
      await row.getByRole('button', { name: 'Ver' }).click();
      const view = manager.page.getByRole('dialog', { name: `Mudanza #${move.id}` });
      const payments = view.getByRole('region', { name: 'Pagos' });
      await waitForText(view.getByTestId('mgr-estado-pago'), 'Pendiente');
      assert.equal(nbsp(await view.getByTestId('mgr-pagado').textContent()), '0,00 €');
      assert.equal(
        nbsp(await payments.getByTestId('mgr-clave-pago').textContent()).replace('-', ''),
        move.clave.replace('-', ''),
      );
      await manager.page.evaluate(() => {
        window.__sinRecargar = true;
      });

      // The client: a wrong key first.
      const { page } = client;
      await page.goto(url('/acceso-de-pago'));
      await page.getByRole('heading', { level: 1, name: 'Acceso de pago' }).waitFor();
      assert.equal(await page.getByRole('banner').count(), 0, 'la cabecera debe estar oculta');
      assert.equal(await page.getByRole('contentinfo').count(), 0, 'el pie debe estar oculto');
      await page.getByRole('button', { name: 'Acceder al pago' }).click();
      await waitForText(page.getByRole('alert'), 'Por favor completa todos los campos');
      await accessPayment(page, move.cliente, 'ZZZZ-ZZZZ');
      await waitForText(page.getByRole('alert'), 'Error de autenticación. Verifica tus credenciales.');
      assert.equal(new URL(page.url()).pathname, '/acceso-de-pago');

      // The right key, typed without the dash and in lower case; the name in upper case.
      await accessPayment(page, `  ${move.cliente.toUpperCase()} `, move.clave.replace('-', '').toLowerCase());
      await page.waitForURL(/\/pago\?id=/);
      const sessionId = new URL(page.url()).searchParams.get('id');
      assert.ok(sessionId && sessionId.length >= 16, `id de pago poco seguro: ${sessionId}`);
      await page.getByRole('heading', { level: 1, name: 'Pago con tarjeta' }).waitFor();
      await page.getByRole('heading', { name: `Mudanza nº ${move.id}` }).waitFor();
      const deposit = page.getByRole('radio', { name: /Anticipo/ });
      assert.equal(await deposit.isChecked(), true);
      await page.getByRole('heading', { name: 'Modo de pruebas' }).waitFor();

      // Inline errors before anything is sent.
      await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4241');
      await page.getByLabel('Número de tarjeta').blur();
      await page.getByText('El número de tarjeta no es válido').waitFor();

      await fillCard(page, '4242424242424242');
      assert.equal(await page.getByLabel('Número de tarjeta').inputValue(), '4242 4242 4242 4242');
      assert.equal(nbsp(await page.locator('.payment__brand-tag').textContent()), 'Visa');
      await page.getByRole('button', { name: /^Pagar 100,00/ }).click();
      await page.waitForURL(url(`/pago-exitoso?id=${sessionId}`));
      await page.getByRole('heading', { level: 1, name: '¡Pago completado!' }).waitFor();
      assert.equal(
        nbsp(await page.getByText(/^Hemos recibido tu pago/).textContent()),
        'Hemos recibido tu pago de 100,00 € con tu Visa terminada en 4242.',
      );
      await waitForText(
        async () => nbsp(await page.locator('.payment__amounts').textContent()),
        'Pagado en total100,00 €Pendiente294,46 €',
      );

      // The manager's open detail shows it, without a reload.
      await waitForText(view.getByTestId('mgr-estado-pago'), 'Parcial');
      await waitForText(async () => nbsp(await view.getByTestId('mgr-pagado').textContent()), '100,00 €');
      await payments.getByText(/Visa ···· 4242/).waitFor();
      await payments.getByText('Autorizado', { exact: true }).waitFor();
      assert.equal(await manager.page.evaluate(() => window.__sinRecargar), true, 'la página de gestión se recargó');

      // The invoice says what was paid and lists the payment.
      await view.getByRole('button', { name: 'Generar factura' }).click();
      await manager.page.waitForURL(url(`/factura?id=${move.id}`));
      await waitForText(async () => nbsp(await manager.page.getByTestId('factura-pagado').textContent()), '100,00 €');
      assert.equal(nbsp(await manager.page.getByTestId('factura-pendiente').textContent()), '294,46 €');
      const invoicePayments = nbsp(await manager.page.getByTestId('factura-pagos').textContent());
      assert.ok(invoicePayments.includes('Visa ···· 4242') && invoicePayments.includes('100,00 €'), invoicePayments);

      assert.deepEqual(unexpected(client.errors), [], unexpected(client.errors).join('\n'));
      assert.deepEqual(manager.errors, [], manager.errors.join('\n'));
    } finally {
      await manager.context.close();
      await client.context.close();
    }
  },
);

test(
  'una tarjeta rechazada (4000 0000 0000 0002) lleva a /pago-fallido con el motivo; la gerencia ve el intento fallido',
  { timeout: 90_000 },
  async () => {
    const manager = await loggedInManager();
    const client = await openPage({ width: 375, height: 800 });
    try {
      const move = await moveWithKey(manager.page, Date.now());
      const { page } = client;
      await page.goto(url('/acceso-de-pago'));
      await accessPayment(page, move.cliente, move.clave);
      await page.waitForURL(/\/pago\?id=/);
      const sessionId = new URL(page.url()).searchParams.get('id');
      await page.getByRole('radio', { name: /pendiente/i }).check();
      await fillCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: /^Pagar 394,46/ }).click();
      await page.waitForURL(url(`/pago-fallido?id=${sessionId}&motivo=denegada`));
      await page.getByRole('heading', { level: 1, name: 'El pago no se ha completado' }).waitFor();
      await waitForText(page.getByRole('alert'), 'La tarjeta ha sido rechazada por el banco emisor.');
      await page.getByText(/^No se ha cobrado nada en tu Visa terminada en 0002\./).waitFor();
      const retry = page.getByRole('link', { name: 'Intentar de nuevo' });
      assert.equal(await retry.getAttribute('href'), `/pago?id=${sessionId}`);

      // Nothing was paid; the attempt is on the manager's list with its reason.
      const staff = await pageApi(manager.page, 'GET', `/api/mudanza/${move.id}`);
      assert.equal(staff.status, 200);
      assert.equal(staff.body.mudanza.pagado, 0);
      assert.equal(staff.body.mudanza.estado_pago, 'pending');
      await manager.page.getByRole('searchbox').fill(move.cliente);
      await manager.page
        .getByRole('article', { name: `Mudanza ${move.id}`, exact: true })
        .getByRole('button', { name: 'Ver' })
        .click();
      const payments = manager.page
        .getByRole('dialog', { name: `Mudanza #${move.id}` })
        .getByRole('region', { name: 'Pagos' });
      await payments.getByText('Rechazado (rechazada por el banco)', { exact: true }).waitFor();
      await payments.getByText(/Visa ···· 0002/).waitFor();

      // Retrying goes back to the form of the same session.
      await retry.click();
      await page.waitForURL(url(`/pago?id=${sessionId}`));
      await page.getByLabel('Número de tarjeta').waitFor();

      assert.deepEqual(unexpected(client.errors), [], unexpected(client.errors).join('\n'));
      assert.deepEqual(manager.errors, [], manager.errors.join('\n'));
    } finally {
      await manager.context.close();
      await client.context.close();
    }
  },
);

test('axe: las cuatro páginas de pago a 1280 y 375 px, sin fallos graves', { timeout: 120_000 }, async () => {
  const manager = await loggedInManager();
  const move = await moveWithKey(manager.page, Date.now());
  await manager.context.close();

  const failures = [];
  let sessionId = null;
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 800 },
  ]) {
    const { context, page, errors } = await openPage(viewport);
    try {
      await page.goto(url('/acceso-de-pago'));
      await page.getByRole('heading', { level: 1, name: 'Acceso de pago' }).waitFor();
      for (const line of await seriousViolations(page)) failures.push(`${viewport.width} /acceso-de-pago: ${line}`);

      if (sessionId === null) {
        await accessPayment(page, move.cliente, move.clave);
        await page.waitForURL(/\/pago\?id=/);
        sessionId = new URL(page.url()).searchParams.get('id');
      } else {
        await page.goto(url(`/pago?id=${sessionId}`));
      }
      await page.getByLabel('Número de tarjeta').waitFor();
      // With an error showing: its colour and its ties to the input are checked too.
      await page.getByRole('button', { name: /^Pagar / }).click();
      await page.getByText('Introduce el nombre del titular').waitFor();
      for (const line of await seriousViolations(page)) failures.push(`${viewport.width} /pago: ${line}`);

      await page.goto(url(`/pago-exitoso?id=${sessionId}`));
      await page.getByRole('heading', { level: 1 }).waitFor();
      for (const line of await seriousViolations(page)) failures.push(`${viewport.width} /pago-exitoso: ${line}`);

      await page.goto(url(`/pago-fallido?id=${sessionId}&motivo=fondos_insuficientes`));
      await page.getByRole('heading', { level: 1, name: 'El pago no se ha completado' }).waitFor();
      await waitForText(page.getByRole('alert'), 'La tarjeta no tiene fondos suficientes.');
      for (const line of await seriousViolations(page)) failures.push(`${viewport.width} /pago-fallido: ${line}`);

      // Nothing overflows sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${viewport.width}: la página se desborda ${overflow}px`);
      assert.deepEqual(unexpected(errors), [], unexpected(errors).join('\n'));
    } finally {
      await context.close();
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('un enlace de pago desconocido manda de vuelta al acceso de pago', async () => {
  const { context, page, errors } = await openPage();
  try {
    await page.goto(url('/pago?id=esto-no-es-un-pago'));
    await page.getByRole('heading', { level: 1, name: 'No podemos mostrar este pago' }).waitFor();
    await page
      .getByText('El enlace de pago no es válido o ha caducado. Vuelve a acceder con tu clave de pago.')
      .waitFor();
    await page.getByRole('link', { name: 'Volver al acceso de pago' }).click();
    await page.waitForURL(url('/acceso-de-pago'));
    assert.deepEqual(
      errors.filter((e) => !/status of 40[04] .*\/api\/pagos\//.test(e)),
      [],
      errors.join('\n'),
    );
  } finally {
    await context.close();
  }
});

// A demo client (registering one would spend the sign-up limit per address the suite shares):
// each run pays a new move of theirs, so nothing already there changes.
const PABLO = accountByLogin('pablo@mudanzas.test');

test(
  'pago en un toque: el cliente con sesión paga su mudanza desde su área sin nombre, clave ni casilla, y vuelve a su área',
  { timeout: 120_000 },
  async () => {
    const manager = await loggedInManager();
    const client = await openPage();
    try {
      const { page } = client;
      // clientLogin uses the desktop navbar; the rest runs on a phone.
      await clientLogin(page, PABLO.login, PABLO.password);
      await page.setViewportSize({ width: 375, height: 800 });
      const { user } = await authStatus(page);
      const id = await createMove(
        manager.page,
        { nombre: PABLO.nombre, email: PABLO.login },
        { fecha_programada: madridDatePlus(30), pago_adelantado: 100 },
      );

      await page.goto(url(`/cliente/${user.id}`));
      const card = page.getByRole('article', { name: `Mudanza ${id}` });
      await card.getByRole('button', { name: 'Pagar con tarjeta' }).click();
      // Straight to the card page of this move: no access page on the way.
      await page.waitForURL(/\/pago\?id=/);
      await page.getByRole('heading', { level: 1, name: 'Pago con tarjeta' }).waitFor();
      await page.getByRole('heading', { name: `Mudanza nº ${id}` }).waitFor();
      await fillCard(page, '4242424242424242');
      await page.getByRole('button', { name: /^Pagar 100,00/ }).click();
      await page.waitForURL(/\/pago-exitoso\?id=/);
      await page.getByRole('heading', { level: 1, name: '¡Pago completado!' }).waitFor();
      await page.getByRole('link', { name: 'Volver a mi área de cliente' }).click();
      await page.waitForURL(url(`/cliente/${user.id}`));
      await waitForText(
        async () => nbsp(await card.getByTestId(`pagado-${id}`).evaluate((dd) => dd.firstChild?.textContent)),
        '100,00 €',
      );

      // Nobody else's move opens that way: the other client's answer is 404, and staff's 403.
      const other = await createMove(manager.page, { nombre: 'Otra Persona', email: uniqueEmail('otra') });
      assert.equal((await pageApi(page, 'POST', `/api/mi-mudanza/${other}/pago`)).status, 404);
      assert.equal((await pageApi(manager.page, 'POST', `/api/mi-mudanza/${id}/pago`)).status, 403);

      // The key flow stays for people without an account, its key shown as typed.
      const visitor = await openPage();
      try {
        await visitor.page.goto(url('/acceso-de-pago'));
        assert.equal(await visitor.page.getByLabel('Clave de pago', { exact: true }).getAttribute('type'), 'text');
      } finally {
        await visitor.context.close();
      }
      const expected404 = /status of 404 .*\/api\/mi-mudanza\/\d+\/pago\)?$/;
      const left = unexpected(client.errors).filter((e) => !expected404.test(e));
      assert.deepEqual(left, [], left.join('\n'));
      assert.deepEqual(
        manager.errors.filter((e) => !/status of 403 /.test(e)),
        [],
        manager.errors.join('\n'),
      );
    } finally {
      await manager.context.close();
      await client.context.close();
    }
  },
);
