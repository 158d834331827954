// §2 'Delivery note / waybill': opens in a new window with print and close buttons.
import { errorText, fetchWaybill, issueWaybill, NetworkError, type WaybillResponse, type ApiResponse } from '../api';
import { showAlert } from '../browser';
import { CLOSE_BUTTON_ID, PRINT_BUTTON_ID, renderWaybillHtml, renderWaybillLoadingHtml } from './waybillHtml';

/** §8 waybill messages. */
export const WAYBILL_CONNECTION_ERROR = 'Error de conexión al descargar el albarán';

export function waybillError(message: string): string {
  return `Error al generar el albarán: ${message}`;
}

export const POPUP_BLOCKED = 'el navegador ha bloqueado la ventana. Permita las ventanas emergentes de este sitio.';

function writeDocument(win: Window, html: string): void {
  const doc = win.document;
  doc.open();
  doc.write(html);
  doc.close();
}

function closeQuietly(win: Window): void {
  try {
    if (!win.closed) win.close();
  } catch {
    /* already gone */
  }
}

/**
 * Opens the waybill of a move in a new window: with `issue`, issuing it first when it has none
 * (POST; a GET only reads one issued). Call it straight from the click handler: the
 * window is opened before anything is awaited, so popup blockers let it through. The window
 * shows 'Generando albarán...' until the server answers, then the document; on failure it is
 * closed again and the §8 alert is shown. Resolves to whether the waybill was shown.
 */
export async function openWaybill(moveId: number, issue = false): Promise<boolean> {
  const win = window.open('', '_blank');
  if (!win) {
    showAlert(waybillError(POPUP_BLOCKED));
    return false;
  }
  try {
    writeDocument(win, renderWaybillLoadingHtml());
  } catch {
    /* the loading text is a nicety */
  }

  let response: ApiResponse<WaybillResponse>;
  try {
    response = await (issue ? issueWaybill(moveId) : fetchWaybill(moveId));
  } catch (error) {
    closeQuietly(win);
    showAlert(error instanceof NetworkError ? WAYBILL_CONNECTION_ERROR : waybillError(String(error)));
    return false;
  }

  const waybill = response.body?.albaran;
  if (!response.ok || !response.body?.success || !waybill) {
    closeQuietly(win);
    showAlert(waybillError(errorText(response.body, 'Error desconocido')));
    return false;
  }

  // The user closed the window while it was loading: nothing left to show.
  if (win.closed) return false;

  try {
    writeDocument(win, renderWaybillHtml(waybill));
  } catch (error) {
    closeQuietly(win);
    showAlert(waybillError(error instanceof Error ? error.message : String(error)));
    return false;
  }
  win.document.getElementById(PRINT_BUTTON_ID)?.addEventListener('click', () => win.print());
  win.document.getElementById(CLOSE_BUTTON_ID)?.addEventListener('click', () => win.close());
  win.focus();
  return true;
}
