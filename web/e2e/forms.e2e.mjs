// Browser tests of the public forms (issue 6), run by e2e/run.mjs against the real server: the
// contact form's validation and submission, then the message in the manager's panel on /gestion
// and the two emails in the dev outbox; a job application with a real PDF, listed for the manager
// with a CV link that downloads it; a .txt CV refused in the browser; axe with the dialog open.
// Each run uses fresh names and emails, so it can run again on the same database.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seriousViolations } from './axe.mjs';
import { account, madridDatePlus, openPage, outboxFor, staffLogin, uniqueEmail, url } from './helpers.mjs';

// The company's inbox: seed/empresa.json, where the server sends its copy of every form.
const COMPANY_INBOX = 'info@mudanzas.test';

/** A person's name no earlier run used: §5 names are letters and spaces only. */
function uniqueName(first) {
  const letters = `${Date.now()}${Math.floor(Math.random() * 1000)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
  return `${first} ${letters[0].toUpperCase()}${letters.slice(1)}`;
}

/** A real (tiny, valid) PDF: the server checks the content, not only the name. */
function pdfBytes(title) {
  const body = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >> endobj
4 0 obj << /Length 44 >> stream
BT /F1 18 Tf 72 770 Td (${title}) Tj ET
endstream endobj
trailer << /Root 1 0 R >>
%%EOF
`;
  return Buffer.from(body, 'latin1');
}

/** The required fields of a form: the label text without the asterisk sighted users see. */
const control = (scope, label) => scope.getByLabel(new RegExp(`^${label}( \\*)?$`));

async function openFormsPanel(page) {
  await staffLogin(page, account('empresario'));
  await page.waitForURL(url('/gestion'));
  const panel = page.getByRole('region', { name: 'Mensajes y candidaturas' });
  await panel.waitFor();
  return panel;
}

test('contacto: errores al salir de cada campo, envío, el mensaje en /gestion y los dos emails', async () => {
  const { context, page, errors } = await openPage();
  try {
    const name = uniqueName('Rosa');
    const email = uniqueEmail('contacto');
    const date = madridDatePlus(30);
    await page.goto(url('/contacto'));
    await page.getByRole('heading', { level: 1, name: 'Hablemos de tu mudanza' }).waitFor();
    const form = page.getByRole('form', { name: 'Envíanos tu consulta' });

    // Errors appear when a field is left, with §5's messages.
    await control(form, 'Nombre completo').focus();
    await control(form, 'Email').fill('rosa@correo');
    await form.getByText('El nombre completo es requerido').waitFor();
    await control(form, 'Teléfono').focus();
    await form.getByText('Ingresa un email válido').waitFor();
    await control(form, 'Teléfono').fill('512');
    await control(form, 'Origen').focus();
    await form.getByText('Ingresa un número de teléfono válido').waitFor();

    // Sending with fields missing sends nothing and says why; the page stays accessible meanwhile.
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/contact-form')) posts += 1;
    });
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();
    assert.equal(await form.getByRole('alert').textContent(), 'Por favor completa todos los campos correctamente');
    await form.getByText('Debes aceptar que usemos tus datos para responder a tu consulta').waitFor();
    assert.equal(posts, 0);
    assert.deepEqual(await seriousViolations(page), []);

    await control(form, 'Nombre completo').fill(name);
    await control(form, 'Email').fill(email);
    await control(form, 'Teléfono').fill('612345678');
    assert.equal(await control(form, 'Teléfono').inputValue(), '612 345 678');
    await control(form, 'Tipo de servicio').selectOption({ label: 'Mudanza de oficina' });
    await control(form, 'Origen').fill('Calle de Alcalá 120, Madrid');
    await control(form, 'Destino').fill('Calle Mayor 2, Alcalá de Henares');
    await control(form, 'Fecha aproximada \\(opcional\\)').fill(date);
    await control(form, 'Mensaje \\(opcional\\)').fill(`Veinte puestos de trabajo. Ref ${name}`);
    const consent = form.getByRole('checkbox', { name: /para responder a esta consulta/ });
    const marketing = form.getByRole('checkbox', { name: /ofertas y novedades/ });
    assert.equal(await consent.isChecked(), false);
    assert.equal(await marketing.isChecked(), false);
    await consent.check();

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact-form'));
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();
    assert.equal((await answer).status(), 201);
    await page.getByRole('heading', { name: '¡Mensaje enviado!' }).waitFor();
    await page
      .getByRole('status')
      .getByText(/Gracias, .* te responderemos en menos de 24 horas/)
      .waitFor();

    // The sender's acknowledgement and the company's copy, in the dev outbox.
    const mine = await outboxFor(email);
    assert.equal(mine.length, 1, `emails a ${email}: ${JSON.stringify(mine)}`);
    assert.equal(mine[0].asunto, 'Hemos recibido tu mensaje');
    const companyCopy = (await outboxFor(COMPANY_INBOX)).find((m) => m.asunto === `Nuevo mensaje de contacto: ${name}`);
    assert.ok(companyCopy, `no hay copia para ${COMPANY_INBOX}`);
    assert.match(companyCopy.texto, /Calle de Alcalá 120, Madrid/);
    assert.match(companyCopy.texto, /Mudanza de oficina/);
    assert.match(companyCopy.texto, new RegExp(email.replace(/[.+]/g, '\\$&')));

    // The manager finds it, newest first, with what was typed.
    const panel = await openFormsPanel(page);
    const list = panel.getByRole('list', { name: 'Mensajes de contacto' });
    await list.waitFor();
    assert.equal(await list.getByRole('listitem').first().getAttribute('aria-label'), `Mensaje de ${name}`);
    const card = list.getByRole('listitem', { name: `Mensaje de ${name}` });
    await card.getByText('Mudanza de oficina').waitFor();
    await card.getByText('Calle Mayor 2, Alcalá de Henares').waitFor();
    await card.getByText(`«Veinte puestos de trabajo. Ref ${name}»`).waitFor();
    await card.getByText('Contacto: sí').waitFor();
    await card.getByText('Publicidad: no').waitFor();
    assert.equal(await card.getByRole('link', { name: email }).getAttribute('href'), `mailto:${email}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('trabaja con nosotros: candidatura con un PDF real, listada para la gerencia con su CV descargable', async () => {
  const { context, page, errors } = await openPage();
  try {
    const name = uniqueName('Luis');
    const email = uniqueEmail('candidatura');
    const cv = pdfBytes(`CV de ${name}`);
    await page.goto(url('/trabaja-con-nosotros'));
    await page.getByRole('heading', { level: 1, name: 'Trabaja con nosotros' }).waitFor();
    await page.getByRole('button', { name: 'Presentarme al puesto de Conductor/a' }).click();
    const dialog = page.getByRole('dialog', { name: 'Envía tu candidatura' });
    await dialog.waitFor();
    assert.equal(await control(dialog, 'Puesto').inputValue(), 'conductor');
    // The open dialog passes axe too.
    assert.deepEqual(await seriousViolations(page), []);

    await control(dialog, 'Nombre completo').fill(name);
    await control(dialog, 'Email').fill(email);
    await control(dialog, 'Teléfono').fill('698 765 432');
    await control(dialog, 'Experiencia').selectOption('6-10');
    await control(dialog, 'Cuéntanos sobre ti \\(opcional\\)').fill('Carné C y CAP en vigor.');
    await control(dialog, 'CV').setInputFiles({ name: 'curriculum.pdf', mimeType: 'application/pdf', buffer: cv });
    await dialog.getByText('curriculum.pdf').waitFor();
    await dialog.getByRole('checkbox', { name: /valorar esta candidatura/ }).check();
    await dialog.getByRole('checkbox', { name: /ofertas de empleo/ }).check();

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/trabaja-con-nosotros'));
    await dialog.getByRole('button', { name: 'Enviar candidatura' }).click();
    assert.equal((await answer).status(), 201);
    const success = page.getByRole('dialog', { name: '¡Candidatura enviada!' });
    await success.getByText(/7 días laborables/).waitFor();
    // §4: the success view closes by itself 3 s later, and the next application starts empty.
    const shownAt = Date.now();
    await success.waitFor({ state: 'hidden', timeout: 8000 });
    assert.ok(Date.now() - shownAt >= 2000, 'el diálogo de éxito se cerró demasiado pronto');
    await page.getByRole('button', { name: 'Enviar candidatura' }).first().click();
    assert.equal(await control(page.getByRole('dialog'), 'Nombre completo').inputValue(), '');
    await page.keyboard.press('Escape');

    const mine = await outboxFor(email);
    assert.equal(mine.length, 1, `emails a ${email}: ${JSON.stringify(mine)}`);

    const panel = await openFormsPanel(page);
    await panel.getByRole('tab', { name: /^Candidaturas/ }).click();
    const list = panel.getByRole('list', { name: 'Candidaturas' });
    await list.waitFor();
    assert.equal(await list.getByRole('listitem').first().getAttribute('aria-label'), `Candidatura de ${name}`);
    const card = list.getByRole('listitem', { name: `Candidatura de ${name}` });
    await card.getByText('Conductor/a').waitFor();
    await card.getByText('6-10 años').waitFor();
    await card.getByText('Publicidad: sí').waitFor();
    const link = card.getByRole('link', { name: `Descargar CV de ${name}` });
    const href = await link.getAttribute('href');
    assert.match(href ?? '', /^\/api\/candidaturas\/[^/]+\/cv$/);

    // The link downloads the very file that was sent (with the manager's session).
    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'curriculum.pdf');
    const response = await page.request.get(url(href));
    assert.equal(response.status(), 200);
    assert.equal(response.headers()['content-type'], 'application/pdf');
    assert.deepEqual(Buffer.from(await response.body()), cv);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('trabaja con nosotros: un CV .txt se rechaza en el navegador sin enviar nada', async () => {
  const { context, page, errors } = await openPage({ width: 375, height: 740 });
  try {
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/trabaja-con-nosotros')) posts += 1;
    });
    await page.goto(url('/trabaja-con-nosotros'));
    await page.getByRole('button', { name: 'Enviar candidatura' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Envía tu candidatura' });
    await dialog.waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'el diálogo abierto a 375 px');

    await control(dialog, 'Nombre completo').fill('Marta Ruiz');
    await control(dialog, 'Email').fill(uniqueEmail('txt'));
    await control(dialog, 'Teléfono').fill('612345678');
    await control(dialog, 'Puesto').selectOption({ label: 'Personal de limpieza' });
    await control(dialog, 'Experiencia').selectOption('0-1');
    await control(dialog, 'CV').setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from('Mi CV') });
    await dialog.getByText('El currículum debe ser un archivo PDF, DOC o DOCX').waitFor();
    assert.equal(await control(dialog, 'CV').getAttribute('aria-invalid'), 'true');
    await dialog.getByRole('checkbox', { name: /valorar esta candidatura/ }).check();
    await dialog.getByRole('button', { name: 'Enviar candidatura' }).click();
    assert.equal(await dialog.getByRole('alert').textContent(), 'Por favor completa todos los campos correctamente');
    assert.equal(posts, 0, 'se envió una candidatura con un .txt');
    assert.deepEqual(await seriousViolations(page), [], 'el diálogo con errores a 375 px');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
