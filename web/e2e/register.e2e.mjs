// Browser tests of registration (/registro) and email confirmation (/confirmar-email), run by
// e2e/run.mjs against the real server. Every run registers fresh accounts (unique emails) and reads
// their codes from the local-development outbox, so it can be repeated on the same database.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { authStatus, openPage, registerThroughApi, uniqueEmail, url, waitForText } from './helpers.mjs';

const PASSWORD = 'Mudanza#2026';
const TAKEN_EMAIL = 'cliente@mudanzas.test';
const MESSAGES = {
  invalidCode: 'Código inválido. Por favor, verifica e intenta de nuevo.',
  tooMany: 'Demasiados intentos. Espera antes de intentar de nuevo.',
  taken: 'Este email ya está registrado. Intenta con otro email.',
};

/** The newest outbox message for `email` (optionally newer than the one with id `notId`). */
async function newestMail(email, notId = null, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const response = await fetch(url(`/api/dev/outbox?para=${encodeURIComponent(email)}`));
    assert.equal(response.status, 200, 'el buzón de desarrollo (/api/dev/outbox) no responde');
    const { mensajes } = await response.json();
    const newest = mensajes?.[0];
    if (newest && newest.id !== notId) return newest;
    if (Date.now() > deadline) assert.fail(`no llegó ningún email nuevo para ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function codeOf(mail) {
  const match = /\b(\d{6})\b/.exec(mail.texto);
  assert.ok(match, `el email no trae un código de 6 dígitos:\n${mail.texto}`);
  return match[1];
}

/** A different six-digit code than `code`. */
function wrongCode(code, offset = 1) {
  return String((Number(code) + offset) % 1_000_000).padStart(6, '0');
}

/** Fills the three steps of /registro and presses Crear cuenta. */
async function registerThroughUi(page, email, { fullName = 'Lucía Fernández Prueba' } = {}) {
  await page.goto(url('/registro'));
  await page.getByLabel('Nombre completo', { exact: true }).fill(fullName);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByText('Paso 2 de 3').waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Teléfono', { exact: true }).fill('612345678');
  assert.equal(await page.getByLabel('Teléfono', { exact: true }).inputValue(), '612 345 678');
  await page.getByLabel('Dirección', { exact: true }).fill('Calle de Serrano 45, 28001 Madrid');
  // The address's postal code and city fill their own fields, which the user can see and correct.
  assert.equal(await page.getByLabel('Ciudad', { exact: true }).inputValue(), 'Madrid');
  assert.equal(await page.getByLabel('Código postal', { exact: true }).inputValue(), '28001');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByText('Paso 3 de 3').waitFor();
  const create = page.getByRole('button', { name: 'Crear cuenta' });
  assert.equal(await create.isDisabled(), true, 'Crear cuenta debe empezar deshabilitado');
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /condiciones de uso/ }).check();
  assert.equal(await create.isEnabled(), true);
  await create.click();
}

/** Types a code into the six boxes, starting from the first. */
async function typeCode(page, code) {
  await page.getByLabel('Dígito 1', { exact: true }).click();
  await page.keyboard.type(code);
}

/** Waits until the page has answered a code: boxes cleared and the cursor back in the first. */
async function waitForBoxesReset(page) {
  await page.waitForFunction(() => {
    const active = document.activeElement;
    return (
      active instanceof HTMLInputElement &&
      active.getAttribute('aria-label') === 'Dígito 1' &&
      !active.disabled &&
      Array.from(document.querySelectorAll('input[aria-label^="Dígito"]')).every((i) => i.value === '')
    );
  });
}

async function horizontalOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('registro y confirmación de email', { concurrency: 2 }, () => {
  test('registro → código del buzón → confirmar → área de cliente', { timeout: 60_000 }, async () => {
    const email = uniqueEmail('ok');
    const { context, page, errors } = await openPage();
    try {
      await registerThroughUi(page, email);
      await page.waitForURL(url('/confirmar-email'));
      await page.getByRole('heading', { name: 'Confirma tu email' }).waitFor();
      await page.getByRole('button', { name: `Copiar ${email}` }).waitFor();

      // Registration logged the new (unconfirmed) account in.
      const before = await authStatus(page);
      assert.equal(before.authenticated, true);
      assert.equal(before.user.email, email);
      assert.equal(before.user.isUserEmailConfirmed, false);

      // A reload keeps the email and the running countdown (sessionStorage).
      await page.reload();
      await page.getByRole('button', { name: `Copiar ${email}` }).waitFor();
      const timer = (await page.getByRole('timer').textContent())?.trim();
      assert.match(timer, /^[45]:\d\d$/, `cuenta atrás inesperada: ${timer}`);
      const cooldown = page.getByRole('button', { name: /^Reenviar código \(\d+ s\)$/ });
      assert.equal(await cooldown.isDisabled(), true, 'el reenvío espera 60 s tras el registro');

      const code = codeOf(await newestMail(email));
      await typeCode(page, code);
      await page.getByRole('heading', { name: '¡Email confirmado!' }).waitFor();
      await page.waitForURL(/\/cliente\//, { timeout: 8_000 });

      const after = await authStatus(page);
      assert.equal(new URL(page.url()).pathname, `/cliente/${after.user.id}`, 'del email confirmado a su área');
      assert.equal(after.authenticated, true);
      assert.equal(after.user.email, email);
      assert.equal(after.user.isUserEmailConfirmed, true);
      assert.equal(after.user.ciudad, 'Madrid', 'la ciudad del registro llega a la cuenta');
      assert.equal(after.user.codigo_postal, '28001', 'el código postal del registro llega a la cuenta');

      const area = `/cliente/${after.user.id}`;
      await page.goto(url(area), { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor({ state: 'visible' });
      assert.equal(new URL(page.url()).pathname, area, 'el área de cliente no debe redirigir');
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await context.close();
    }
  });

  test('cinco códigos incorrectos bloquean', { timeout: 120_000 }, async () => {
    const email = uniqueEmail('bloqueo');
    const { context, page } = await openPage();
    try {
      await registerThroughApi(page, email, PASSWORD, { fullName: 'Pablo Intentos' });
      const first = await newestMail(email);
      const right = codeOf(first);

      // No registration in this tab: the page confirms the logged-in user's own email.
      await page.goto(url('/confirmar-email'));
      await page.getByRole('button', { name: `Copiar ${email}` }).waitFor();
      const alert = page.getByRole('alert').first();

      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/confirm-email'));
        await typeCode(page, wrongCode(right, attempt));
        const response = await answered;
        await waitForBoxesReset(page);
        if (attempt < 5) {
          assert.equal(response.status(), 400);
          await waitForText(alert, MESSAGES.invalidCode);
        } else {
          assert.equal(response.status(), 429);
          await waitForText(alert, MESSAGES.tooMany);
        }
      }

      // Even the right code is refused now…
      const refused = page.waitForResponse((r) => r.url().endsWith('/api/confirm-email'));
      await typeCode(page, right);
      assert.equal((await refused).status(), 429);
      await waitForBoxesReset(page);
      await waitForText(alert, MESSAGES.tooMany);
      assert.equal((await authStatus(page)).user.isUserEmailConfirmed, false);

      // …until a new code is requested. The first resend may still be in the 60 s cooldown; the
      // button then counts down the seconds the server named.
      const resend = async () => {
        const button = page.getByRole('button', { name: 'Reenviar código', exact: true });
        await button.waitFor({ timeout: 75_000 });
        const [answer] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith('/api/resend-code')),
          button.click(),
        ]);
        return answer.status();
      };
      if ((await resend()) === 429) {
        await page.getByRole('button', { name: /^Reenviar código \(\d+ s\)$/ }).waitFor();
        assert.equal(await resend(), 200);
      }
      await page.getByText(`Te hemos enviado un código nuevo a ${email}.`).waitFor();
      await waitForText(page.getByRole('timer'), '5:00', 3_000).catch(async () => {
        // A second may tick between the answer and the check.
        assert.equal((await page.getByRole('timer').textContent())?.trim(), '4:59');
      });
      assert.equal(
        await page.getByRole('button', { name: /^Reenviar código \(\d+ s\)$/ }).isDisabled(),
        true,
        'tras reenviar empieza la espera de 60 s',
      );

      const fresh = codeOf(await newestMail(email, first.id));
      await typeCode(page, fresh);
      await page.getByRole('heading', { name: '¡Email confirmado!' }).waitFor();
      assert.equal((await authStatus(page)).user.isUserEmailConfirmed, true);
    } finally {
      await context.close();
    }
  });

  test('errores por campo al salir de él y aviso 409 para un email ya registrado', { timeout: 60_000 }, async () => {
    const { context, page } = await openPage();
    try {
      await page.goto(url('/registro'));
      const name = page.getByLabel('Nombre completo', { exact: true });
      await name.focus();
      await name.blur();
      await page.getByText('El nombre completo es requerido').waitFor();
      await name.fill('Ana 1');
      await page.getByText('Solo se permiten letras y espacios').waitFor();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      assert.equal(await page.getByText('Paso 1 de 3').isVisible(), true, 'un nombre inválido no deja avanzar');
      await name.fill('Ana Torres');
      await page.getByRole('button', { name: 'Siguiente' }).click();

      const emailInput = page.getByLabel('Email', { exact: true });
      await emailInput.fill('cliente@mudanzas');
      await emailInput.blur();
      await page.getByText('Ingresa un email válido').waitFor();
      const phone = page.getByLabel('Teléfono', { exact: true });
      await phone.fill('512345678');
      await phone.blur();
      await page.getByText('Ingresa un número de teléfono válido').waitFor();
      const address = page.getByLabel('Dirección', { exact: true });
      await address.fill('Calle 1');
      await address.blur();
      await page.getByText('La dirección debe tener al menos 10 caracteres').waitFor();

      // Ciudad and Código postal: optional, but checked as the server checks them.
      const postalCode = page.getByLabel('Código postal', { exact: true });
      await postalCode.fill('280');
      await postalCode.blur();
      await page.getByText('Ingresa un código postal válido').waitFor();
      const city = page.getByLabel('Ciudad', { exact: true });
      await city.fill('Madrid 2');
      await city.blur();
      await page.getByText('Ingresa una ciudad válida').waitFor();

      await emailInput.fill(TAKEN_EMAIL);
      await phone.fill('+34612345678');
      assert.equal(await phone.inputValue(), '+34 612 345 678');
      await address.fill('Calle de Alcalá 100, Madrid');
      await city.fill('Madrid');
      await postalCode.fill('28009');
      assert.equal(await page.locator('.register__field-error').count(), 0, 'los errores se corrigen al escribir');
      await page.getByRole('button', { name: 'Siguiente' }).click();

      await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirmar contraseña', { exact: true }).fill(`${PASSWORD}x`);
      await page.getByLabel('Confirmar contraseña', { exact: true }).blur();
      await page.getByText('Las contraseñas no coinciden').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Crear cuenta' }).isDisabled(), true);
      await page.getByLabel('Confirmar contraseña', { exact: true }).fill(PASSWORD);
      await page.getByRole('checkbox', { name: /condiciones de uso/ }).check();

      const answered = page.waitForResponse((r) => r.url().endsWith('/api/register'));
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      assert.equal((await answered).status(), 409);
      const toast = page.getByRole('alert').filter({ hasText: MESSAGES.taken });
      await toast.waitFor();
      assert.equal(new URL(page.url()).pathname, '/registro');
      await page.getByRole('button', { name: 'Cerrar aviso' }).click();
      await toast.waitFor({ state: 'hidden' });
      assert.equal((await authStatus(page)).authenticated, false);
    } finally {
      await context.close();
    }
  });

  test('/registro y /confirmar-email se usan a 375 px sin desplazamiento horizontal', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await openPage({ width: 375, height: 740 });
    try {
      await page.goto(url('/registro'), { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Crear cuenta' }).waitFor();
      assert.ok((await horizontalOverflow(page)) <= 0, 'paso 1 desborda a 375 px');

      await page.getByLabel('Nombre completo', { exact: true }).fill('Marta Ruiz');
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('movil'));
      await page.getByLabel('Teléfono', { exact: true }).fill('+34612345678');
      await page.getByLabel('Dirección', { exact: true }).fill('Paseo de la Castellana 200, Madrid');
      // Let the 300 ms slide finish before measuring.
      await page.waitForTimeout(350);
      assert.ok((await horizontalOverflow(page)) <= 0, 'paso 2 desborda a 375 px');
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirmar contraseña', { exact: true }).fill(PASSWORD);
      await page.waitForTimeout(350);
      assert.ok((await horizontalOverflow(page)) <= 0, 'paso 3 desborda a 375 px');

      for (const name of ['Crear cuenta', 'Atrás', 'Inicia sesión']) {
        const box = await page.getByRole('button', { name, exact: true }).boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 375, `el botón ${name} no cabe a 375 px`);
      }

      await page.getByRole('checkbox', { name: /condiciones de uso/ }).check();
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      await page.waitForURL(url('/confirmar-email'));
      await page.getByLabel('Dígito 6', { exact: true }).waitFor();
      assert.ok((await horizontalOverflow(page)) <= 0, '/confirmar-email desborda a 375 px');
      for (let n = 1; n <= 6; n += 1) {
        const box = await page.getByLabel(`Dígito ${n}`, { exact: true }).boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 375 && box.width >= 32, `la casilla ${n} no cabe`);
      }
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await context.close();
    }
  });
});
