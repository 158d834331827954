import { normalizeSearch } from '../../lib/text';
import type { FaqCategory, FaqItem } from './faqData';

export interface FaqResult {
  categories: FaqCategory[];
  count: number;
}

function searchableText(item: FaqItem): string {
  return normalizeSearch([item.question, ...item.answer].join(' '));
}

/**
 * The questions whose question or answer holds every word of the query, in any order and
 * ignoring case and accents: people type 'cancelacion' or 'cambiar fecha', not the exact
 * phrase. Categories left empty are dropped.
 */
export function filterFaq(categories: readonly FaqCategory[], query: string): FaqResult {
  const words = normalizeSearch(query).split(/\s+/).filter(Boolean);
  let count = 0;
  const kept: FaqCategory[] = [];
  for (const category of categories) {
    const items =
      words.length === 0
        ? category.items
        : category.items.filter((item) => {
            const text = searchableText(item);
            return words.every((word) => text.includes(word));
          });
    if (items.length > 0) {
      kept.push({ ...category, items });
      count += items.length;
    }
  }
  return { categories: kept, count };
}

/** The live count under the search box. */
export function countLabel(count: number, searching: boolean): string {
  if (!searching) return `${count} preguntas frecuentes`;
  if (count === 0) return 'Ninguna pregunta encontrada';
  return count === 1 ? '1 pregunta encontrada' : `${count} preguntas encontradas`;
}
