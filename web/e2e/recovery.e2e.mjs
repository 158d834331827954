// Browser tests of password recovery (/recuperar) and the developer page's outbox (/dev), run by
// e2e/run.mjs. Each run creates its own client accounts (unique emails), so it can run again on the
// same database. The server must run in local development without SMTP: emails land in the outbox.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  authStatus,
  clientLogin,
  openPage,
  outboxFor,
  registerThroughApi,
  uniqueEmail,
  url,
  waitForText,
} from './helpers.mjs';

/** A new client account, registered from a throwaway context (which the registration logs in). */
async function registerClient(email, password) {
  const { context, page } = await openPage();
  try {
    await registerThroughApi(page, email, password, { fullName: 'Prueba Recuperación' });
  } finally {
    await context.close();
  }
}

const OUTBOX_TITLE = 'Buzón de correo (desarrollo local)';

// Chromium logs every 4xx answer as a console error; the tests below provoke some on purpose
// (unknown email, wrong password, used link), so only other errors fail them.
const EXPECTED_4XX = /Failed to load resource: the server responded with a status of 4\d\d/;
const unexpected = (errors) => errors.filter((e) => !EXPECTED_4XX.test(e));

/** Waits for the newest reset email to `email` and returns its token. */
async function resetTokenFor(email, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    for (const message of await outboxFor(email)) {
      const match = /https?:\/\/\S+?\/recuperar\?token=([^\s&#]+)/.exec(message.texto);
      if (match) return decodeURIComponent(match[1]);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.fail(`no llegó ningún correo con enlace de /recuperar para ${email}`);
}

/** Asks for a reset link from the page, as the form does (same origin, JSON). */
async function requestResetFrom(page, email) {
  const status = await page.evaluate(
    async (body) => {
      const response = await fetch('/api/forgot-password', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { email },
  );
  assert.equal(status, 200, `POST /api/forgot-password para ${email}: HTTP ${status}`);
}

test('recuperar → enlace del correo → nueva contraseña → entrar con ella', { timeout: 60_000 }, async () => {
  const email = uniqueEmail('recupera');
  const oldPassword = 'Antigua#2026';
  const newPassword = 'Nueva#Clave2026';
  await registerClient(email, oldPassword);

  const { context, page, errors } = await openPage();
  try {
    // Anonymous: the form asks for the email; it goes out trimmed and lowercased.
    await page.goto(url('/recuperar'));
    await page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(`  ${email.toUpperCase()} `);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByRole('heading', { name: 'Revisa tu correo' }).waitFor();
    await page.getByText(email, { exact: true }).waitFor();
    await page.getByText(/El enlace caduca en 1 hora/).waitFor();

    const token = await resetTokenFor(email);
    await page.goto(url(`/recuperar?token=${encodeURIComponent(token)}`));
    await page.getByRole('heading', { name: 'Crea una nueva contraseña' }).waitFor();
    await page.getByText(email, { exact: true }).waitFor();
    // The token left the address bar (and so the history) as soon as it was read.
    await page.waitForURL(url('/recuperar'));
    assert.equal(await page.evaluate(() => window.location.search), '');

    await page.getByLabel('Nueva contraseña', { exact: true }).fill(newPassword);
    await page.getByText('Fuerte', { exact: true }).waitFor();
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await waitForText(page.getByRole('alert'), 'Las contraseñas no coinciden');
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByRole('heading', { name: 'Contraseña actualizada' }).waitFor();

    // The success view's button opens the site's login dialog.
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
    const dialog = page.getByRole('dialog', { name: 'Iniciar sesión' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await clientLogin(page, email, newPassword);
    const status = await authStatus(page);
    assert.equal(status.authenticated, true);
    assert.equal(status.user.email, email);
    assert.deepEqual(unexpected(errors), [], unexpected(errors).join('\n'));
  } finally {
    await context.close();
  }

  // The old password no longer works.
  {
    const { context: other, page: second } = await openPage();
    try {
      await second.goto(url('/'));
      await second.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
      const dialog = second.getByRole('dialog', { name: 'Iniciar sesión' });
      await dialog.getByLabel('Email', { exact: true }).fill(email);
      await dialog.getByLabel('Contraseña', { exact: true }).fill(oldPassword);
      await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
      await waitForText(dialog.getByRole('alert'), 'Credenciales inválidas');
      assert.equal((await authStatus(second)).authenticated, false);

      // The same link, opened again, is refused and leads back to the request form.
      const token = await resetTokenFor(email);
      await second.goto(url(`/recuperar?token=${encodeURIComponent(token)}`));
      await second.getByRole('heading', { name: 'Enlace no válido' }).waitFor();
      const reason = (await second.getByRole('main').getByRole('alert').textContent())?.trim() ?? '';
      assert.match(reason, /enlace/i);
      assert.equal(await second.getByLabel('Nueva contraseña', { exact: true }).count(), 0);
      await second.getByRole('button', { name: 'Solicitar un nuevo enlace' }).click();
      await second.getByRole('heading', { name: '¿Olvidaste tu contraseña?' }).waitFor();
    } finally {
      await other.close();
    }
  }
});

test('/recuperar con un email desconocido muestra el error 404', { timeout: 30_000 }, async () => {
  const { context, page, errors } = await openPage({ width: 375, height: 800 });
  const calls = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/forgot-password')) calls.push(request.postDataJSON());
  });
  try {
    await page.goto(url('/recuperar'));
    const emailField = page.getByLabel('Email', { exact: true });

    // Invalid email: the form says so and nothing is sent.
    await emailField.fill('esto-no-es-un-email');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await waitForText(page.getByRole('main').getByRole('alert'), 'Por favor, introduce un email válido.');
    assert.equal(await emailField.getAttribute('aria-invalid'), 'true');
    assert.deepEqual(calls, []);

    const unknown = uniqueEmail('nadie');
    await emailField.fill(unknown);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByRole('heading', { name: 'No hemos podido enviar el enlace' }).waitFor();
    await waitForText(page.getByRole('main').getByRole('alert'), 'No encontramos una cuenta con ese email.');
    assert.deepEqual(calls, [{ email: unknown }]);
    assert.equal(
      await page.getByRole('main').getByRole('link', { name: 'Contactar con soporte' }).getAttribute('href'),
      '/contacto',
    );

    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' }).waitFor();
    assert.equal(await emailField.inputValue(), '');
    assert.deepEqual(unexpected(errors), [], unexpected(errors).join('\n'));
  } finally {
    await context.close();
  }
});

test('/dev muestra el buzón con el correo enviado', { timeout: 45_000 }, async () => {
  const email = uniqueEmail('buzon');
  await registerClient(email, 'Buzon#2026');

  const { context, page, errors } = await openPage({ width: 375, height: 800 });
  try {
    await page.goto(url('/'));
    await requestResetFrom(page, email);
    await resetTokenFor(email);
    const expected = await outboxFor(email);

    await page.goto(url('/dev'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The shell hides the site's header and footer here; the page links home itself.
    assert.equal(await page.getByRole('banner').count(), 0);
    assert.equal(await page.getByRole('contentinfo').count(), 0);
    assert.equal(await page.getByRole('link', { name: 'Volver a Mudanzas' }).getAttribute('href'), '/');

    const outbox = page.locator('section', { has: page.getByRole('heading', { name: OUTBOX_TITLE }) });
    await outbox.waitFor();
    await outbox.getByLabel('Filtrar por destinatario').fill(email);

    const subjects = outbox.getByRole('heading', { level: 3 });
    await waitForText(
      async () => JSON.stringify(await subjects.allTextContents()),
      JSON.stringify(expected.map((m) => m.asunto)),
    );
    const newest = outbox.getByRole('article').first();
    await newest.getByText(email, { exact: true }).waitFor();
    const link = newest.locator('pre a', { hasText: '/recuperar?token=' });
    assert.equal(await link.count(), 1);
    assert.match((await link.getAttribute('href')) ?? '', /\/recuperar\?token=/);
    assert.equal(await link.getAttribute('target'), '_blank');

    // Another recipient's filter hides them.
    await outbox.getByLabel('Filtrar por destinatario').fill(`${email}.otro`);
    await waitForText(async () => await subjects.count(), 0);

    assert.deepEqual(errors, [], errors.join('\n'));
  } finally {
    await context.close();
  }
});
