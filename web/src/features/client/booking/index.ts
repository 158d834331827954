// The client's booking screens (§2 moving_details, moving_form, confirm_moving).
export { ConfirmMovePage } from './ConfirmMovePage';
export { MoveDetailsPage } from './MoveDetailsPage';
export { MoveFormPage } from './MoveFormPage';
