export { PaymentAccessPage } from './PaymentAccessPage';
export { PaymentOutcomePage } from './PaymentOutcomePage';
export { PaymentPage } from './PaymentPage';
