// Kept apart so tests can replace the reload, which jsdom does not implement.
export function reloadPage(): void {
  window.location.reload();
}
