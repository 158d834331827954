/** For searching as people type: case and accents ignored ('Sofá' matches 'sofa'), ends trimmed. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}
