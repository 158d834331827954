// The waybill feature's public face: the action behind every 'albarán' button.
export { openWaybill, WAYBILL_CONNECTION_ERROR, waybillError } from './openWaybill';
export { renderWaybillHtml } from './waybillHtml';
export { downloadWaybill, waybillPdfPath } from './downloadWaybill';
