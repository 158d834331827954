// The design tokens (styles/tokens.css) as text, for documents the app writes into a window of
// their own (the printable waybill), where the app's stylesheets are not loaded. Reading the
// stylesheet itself keeps one source of truth: there is no second list of values to keep in step.
import tokensCss from '../styles/tokens.css?raw';

export const TOKENS_CSS: string = tokensCss;
