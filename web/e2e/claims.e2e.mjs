// Browser tests of claims (issue 21 item 4), run by e2e/run.mjs against the real server: a move of
// the demo client is delivered (set up through the API: the manager assigns EMP-002, the worker
// notes the sofa at pickup and delivery, takes a photo and collects the client's signature); the
// client claims it from her dashboard with a photo, the manager answers it in part from
// /gestion, the client reads the answer, and the auditor finds the claim in the move's history.
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
  url,
} from './helpers.mjs';

// Pablo, not Marta: the reviews test expects every finished move of Marta's to be rated.
const CLIENT = accountByLogin('pablo@mudanzas.test');
const ANA = accountByLogin('EMP-002');
const PHONE = { width: 375, height: 800 };
const SOFA = 'Sofá de 3 plazas';

// A 1×1 PNG: the photo the client attaches, the crew's photo and the signature.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PNG = Buffer.from(PNG_BASE64, 'base64');

const nbsp = (text) => (text ?? '').replace(/\u00a0/g, ' ');

async function ok(answer, what) {
  assert.equal(answer.status, 200, `${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A photo of the move's object at a stage, uploaded from `page` as the crew's phone does. */
function uploadObjectPhoto(page, moveId, objetoId, etapa, descripcion) {
  return page.evaluate(
    async ({ moveId, objetoId, etapa, descripcion, png }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('foto', new Blob([bytes], { type: 'image/png' }), 'sofa.png');
      form.append('mudanza_id', String(moveId));
      form.append('descripcion', descripcion);
      form.append('objeto_id', objetoId);
      form.append('etapa', etapa);
      const response = await fetch('/api/subir-foto', { method: 'POST', credentials: 'include', body: form });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { moveId, objetoId, etapa, descripcion, png: PNG_BASE64 },
  );
}

/**
 * A move of Pablo's delivered today by Ana (EMP-002), with the sofa noted in good condition at
 * pickup (and photographed), damaged at delivery, and the client's pickup signature: its number.
 */
async function deliveredMove(managerPage, workerPage) {
  // A day of its own, far enough ahead that earlier runs left the worker free on it.
  const fecha = madridDatePlus(300 + Math.floor(Math.random() * 400));
  const id = await createMove(managerPage, { nombre: CLIENT.nombre, email: CLIENT.login }, { fecha_programada: fecha });
  await workerPage.goto(url('/'));
  await ok(
    await pageApi(workerPage, 'POST', '/api/worker/login', {
      username: ANA.login,
      password: ANA.password,
      role: 'empleado',
    }),
    'login del trabajador',
  );
  const { user: worker } = await authStatus(workerPage);
  await ok(
    await pageApi(managerPage, 'POST', '/api/asignar-trabajador', { mudanza_id: id, worker_id: worker.id }),
    'asignar trabajador',
  );
  const status = (page, nuevo_estado) =>
    pageApi(page, 'PUT', '/api/actualizar-estado-mudanza', { mudanza_id: id, nuevo_estado });
  await ok(await status(managerPage, 'confirmada'), 'confirmar');

  const { mudanza } = await ok(await pageApi(workerPage, 'GET', `/api/mudanza/${id}`), 'leer la mudanza');
  const sofa = mudanza.objects.find((o) => o.nombre === SOFA);
  assert.ok(sofa, `la mudanza ${id} no lleva el sofá`);
  const note = (etapa, estado, nota) =>
    pageApi(workerPage, 'POST', `/api/mudanza/${id}/estado-objeto`, { objeto_id: sofa.id, etapa, estado, nota });
  await ok(await note('recogida', 'buen_estado', 'Sin marcas ni roces'), 'nota de la recogida');
  await ok(await uploadObjectPhoto(workerPage, id, sofa.id, 'recogida', 'Sofá antes de cargar'), 'foto de la recogida');
  await ok(
    await pageApi(workerPage, 'POST', `/api/mudanza/${id}/firma`, {
      etapa: 'recogida',
      firmante: 'cliente',
      nombre: CLIENT.nombre,
      imagen_png: PNG_BASE64,
      sha256_albaran: mudanza.albaran_sha256,
    }),
    'firma de la recogida',
  );
  await ok(await status(workerPage, 'en curso'), 'en curso');
  await ok(await note('entrega', 'danos_causados', 'Pata delantera rota al bajarlo'), 'nota de la entrega');
  await ok(await status(workerPage, 'finalizada'), 'finalizada');
  return { id, sofa };
}

test(
  'una reclamación: el cliente la abre, la gerencia la responde en parte y el auditor la encuentra en la historia',
  { timeout: 180_000 },
  async () => {
    const manager = await openPage();
    const worker = await openPage();
    const client = await openPage();
    const auditor = await openPage();
    try {
      await staffLogin(manager.page, account('empresario'));
      await manager.page.waitForURL(url('/gestion'));
      const { id } = await deliveredMove(manager.page, worker.page);

      // The client, on her phone, goes from the move's card to its claim page.
      const { page } = client;
      await clientLogin(page, CLIENT.login, CLIENT.password);
      await page.setViewportSize(PHONE);
      const { user } = await authStatus(page);
      await page.goto(url(`/cliente/${user.id}`));
      const card = page.getByRole('article', { name: `Mudanza ${id}` });
      await card.getByRole('link', { name: `Reclamar por la mudanza ${id}` }).click();
      await page.waitForURL(url(`/cliente/reclamacion/${id}`));
      await page.getByRole('heading', { level: 1, name: `Reclamación de la mudanza #${id}` }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Abrir una reclamación' }).waitFor();
      assert.match(
        await page.locator('.claim-page__until').textContent(),
        /^Puedes reclamar hasta el \d+ de \w+ de \d{4}\.$/,
      );

      const form = page.getByRole('form', { name: 'Abrir una reclamación' });
      await form.getByRole('button', { name: 'Enviar reclamación' }).click();
      await form.getByText('Elige al menos un objeto').waitFor();
      await form.getByText('Describe qué ha pasado').waitFor();
      await form.getByRole('checkbox', { name: SOFA }).check();
      await form.getByLabel('Descripción').fill('La pata delantera del sofá llegó rota y la tapicería rozada.');
      await form.getByLabel(/^Fotos/).setInputFiles({ name: 'pata.png', mimeType: 'image/png', buffer: PNG });
      await form.getByRole('list', { name: 'Fotos añadidas' }).getByRole('img').waitFor();
      let overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `el formulario se sale ${overflow} px por la derecha a 375 px`);
      assert.deepEqual(await seriousViolations(page), [], 'el formulario de reclamación');
      await form.getByRole('button', { name: 'Enviar reclamación' }).click();

      // Her claim, with when it will be answered (15 working days) and what the crew recorded.
      await page.getByRole('heading', { level: 2, name: 'Tu reclamación' }).waitFor();
      const deadline = page.getByTestId('plazo-reclamacion');
      assert.match(await deadline.textContent(), /Te responderemos como muy tarde el \d+ de \w+ de \d{4}/);
      assert.match(await deadline.textContent(), /Quedan 1[0-5] días hábiles/);
      await page.getByRole('img', { name: `Foto 1 de la reclamación de la mudanza ${id}` }).waitFor();
      const object = page.getByRole('region', { name: SOFA });
      const pickup = object.getByRole('group', { name: 'En la recogida' });
      await pickup.getByText('En buen estado').waitFor();
      await pickup.getByText('Sin marcas ni roces').waitFor();
      await pickup.getByRole('img', { name: 'Sofá antes de cargar' }).waitFor();
      const delivery = object.getByRole('group', { name: 'En la entrega' });
      await delivery.getByText('Daños causados').waitFor();
      await delivery.getByText('Pata delantera rota al bajarlo').waitFor();
      const signatures = page.getByRole('region', { name: 'Firmas del albarán' });
      await signatures.getByRole('group', { name: 'En la recogida' }).getByText(CLIENT.nombre).waitFor();
      // Served images, not broken ones: the client's photo, the crew's and the signature.
      const broken = await page.evaluate(
        () =>
          [...document.querySelectorAll('.claim-page img')].filter((img) => !img.complete || img.naturalWidth === 0)
            .length,
      );
      assert.equal(broken, 0, 'hay imágenes de la reclamación que no cargan');
      overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `la reclamación se sale ${overflow} px por la derecha a 375 px`);
      assert.deepEqual(await seriousViolations(page), [], 'la reclamación abierta');

      // A second claim for the same move is refused by the server (asked from Node with her
      // session, so the page's console stays clean).
      const again = await page.request.post(url(`/api/mi-mudanza/${id}/reclamacion`), {
        multipart: { objetos: 'x', texto: 'Otra' },
      });
      assert.equal(again.status(), 409, await again.text());
      assert.equal((await again.json()).error, 'Ya hay una reclamación abierta para esta mudanza.');

      // The manager finds it in /gestion, with its deadline, and answers it in part.
      const m = manager.page;
      await m.reload();
      const section = m.getByRole('region', { name: 'Reclamaciones' });
      await section.scrollIntoViewIfNeeded();
      const item = section.getByRole('listitem', { name: new RegExp(`^Reclamación de la mudanza ${id},`) });
      await item.getByText(SOFA).waitFor();
      await item.getByText(/^Quedan 1[0-5] días hábiles$/).waitFor();
      await item.getByRole('button', { name: `Responder de la mudanza ${id}` }).click();
      const dialog = m.getByRole('dialog', { name: `Reclamación de la mudanza #${id}` });
      await dialog.getByText('La pata delantera del sofá llegó rota y la tapicería rozada.').waitFor();
      await dialog.getByRole('region', { name: SOFA }).getByText('Daños causados').waitFor();
      assert.match(await dialog.getByTestId('plazo-reclamacion').textContent(), /Responder como muy tarde el/);
      const answer = dialog.getByRole('form', { name: `Responder a la reclamación de la mudanza ${id}` });
      await answer.getByRole('radio', { name: 'Aceptar en parte' }).check();
      assert.deepEqual(await seriousViolations(m), [], 'el diálogo de la reclamación');
      await answer.getByRole('button', { name: 'Enviar respuesta' }).click();
      await answer.getByText('Indica el importe que se abonará').waitFor();
      await answer.getByText('Explica el motivo al cliente').waitFor();
      await answer.getByLabel(/^Importe/).fill('40,50');
      await answer.getByLabel(/^Motivo/).fill('La tapicería ya estaba rozada; te abonamos la pata.');
      await answer.getByRole('button', { name: 'Enviar respuesta' }).click();
      const answered = dialog.getByTestId('respuesta');
      await answered.waitFor();
      assert.match(nbsp(await answered.textContent()), /Aceptada en parte: 40,50 €/);
      await section.getByText(`la mudanza #${id} ya tiene respuesta`, { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Cerrar' }).click();
      assert.match(nbsp(await item.textContent()), /Aceptada en parte: 40,50 €/);

      // The client reloads her page and reads the answer.
      await page.reload();
      const told = page.getByTestId('respuesta');
      await told.waitFor();
      assert.match(nbsp(await told.textContent()), /Aceptada en parte: te abonaremos 40,50 €/);
      assert.match(await told.textContent(), /Motivo: La tapicería ya estaba rozada; te abonamos la pata\./);
      assert.equal(await page.getByTestId('plazo-reclamacion').count(), 0);

      // The auditor replays the claim with its move, and reads it without answering.
      const a = auditor.page;
      await staffLogin(a, account('auditor'));
      await a.waitForURL(url('/auditoria'));
      const history = await ok(await pageApi(a, 'GET', `/api/auditoria/mudanza/${id}/historial`), 'historial');
      const labels = history.eventos.map((e) => e.etiqueta);
      assert.ok(labels.includes('Reclamación abierta por el cliente'), JSON.stringify(labels));
      assert.ok(labels.includes('Reclamación respondida'), JSON.stringify(labels));
      await a.goto(url(`/auditoria?mudanza=${id}`));
      const timeline = a.getByRole('list', { name: 'Eventos de la mudanza' });
      await timeline.getByRole('heading', { level: 3, name: 'Reclamación abierta por el cliente' }).waitFor();
      await a.goto(url('/reclamaciones'));
      const read = a.getByRole('region', { name: 'Reclamaciones' });
      await read.getByText('Solo la gerencia responde a las reclamaciones: aquí puedes leerlas.').waitFor();
      await read
        .getByRole('listitem', { name: new RegExp(`^Reclamación de la mudanza ${id},`) })
        .getByRole('button', { name: `Ver reclamación de la mudanza ${id}` })
        .click();
      const readOnly = a.getByRole('dialog', { name: `Reclamación de la mudanza #${id}` });
      await readOnly.getByTestId('respuesta').waitFor();
      assert.equal(await readOnly.getByRole('button', { name: 'Enviar respuesta' }).count(), 0);
      const refused = await a.request.post(url(`/api/reclamaciones/${id}/respuesta`), {
        data: { resolucion: 'rechazada', motivo: 'x' },
      });
      assert.equal(refused.status(), 403, await refused.text());

      for (const { errors } of [manager, worker, client, auditor]) assert.deepEqual(errors, []);
    } finally {
      for (const opened of [manager, worker, client, auditor]) await opened.context.close();
    }
  },
);
