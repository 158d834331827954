// The client's waybill as a PDF file (the server makes it): issued first when the move has none,
// then saved, with no window to open or print.
import { errorText, issueWaybill, NetworkError } from '../api';
import { showAlert } from '../browser';
import { WAYBILL_CONNECTION_ERROR, waybillError } from './openWaybill';

/** The PDF of a move's issued waybill. */
export function waybillPdfPath(moveId: number): string {
  return `/api/albaran/${moveId}/pdf`;
}

/** Issues the waybill (or reads the one issued) and downloads its PDF; §8 alerts on failure. */
export async function downloadWaybill(moveId: number): Promise<boolean> {
  try {
    const response = await issueWaybill(moveId);
    const number = response.body?.albaran?.numero_albaran;
    if (!response.ok || !response.body?.success || !number) {
      showAlert(waybillError(errorText(response.body, 'Error desconocido')));
      return false;
    }
    const link = document.createElement('a');
    link.href = waybillPdfPath(moveId);
    link.download = `albaran-${number}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
    return true;
  } catch (error) {
    showAlert(error instanceof NetworkError ? WAYBILL_CONNECTION_ERROR : waybillError(String(error)));
    return false;
  }
}
