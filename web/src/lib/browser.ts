// Kept apart so tests can replace the reload, which jsdom does not implement.
export function reloadPage(): void {
  window.location.reload();
}

// §8: most failures are reported as browser alerts. Kept here so tests can replace it too.
export function showAlert(message: string): void {
  window.alert(message);
}
