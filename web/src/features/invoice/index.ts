// The invoice feature's public face: the page for the route table and the dashboard's action.
export { InvoicePage } from './InvoicePage';
export { INVOICE_ERROR, INVOICE_STORAGE_KEY, invoicePath, openInvoice } from '../../lib/invoiceStore';
