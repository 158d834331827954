import { useEffect, useRef } from 'react';
import './LoadMore.css';

interface LoadMoreProps {
  /** How many rows are shown, and the total when the counts say it. */
  shown: number;
  total?: number | null;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  /** Read the next page when the end of the list scrolls into view (the button stays for keyboards). */
  auto?: boolean;
  /** Say how many are shown (off where the list already says it). */
  count?: boolean;
}

/** The foot of a windowed list: how many are shown, and 'Cargar más' while more follow. */
export function LoadMore({ shown, total, hasMore, loading, onMore, auto = true, count = true }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onMore);
  useEffect(() => {
    latest.current = onMore;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!auto || !hasMore || !element || typeof IntersectionObserver !== 'function') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      // A screen ahead, so the next page is there before the reader reaches the end.
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [auto, hasMore]);

  return (
    <div className="load-more" ref={sentinel}>
      {count && (
        <span className="load-more__count" role="status">
          {typeof total === 'number' && hasMore ? `Mostrando ${shown} de ${total}` : `Mostrando ${shown}`}
        </span>
      )}
      {hasMore && (
        <button type="button" className="button button--ghost" disabled={loading} onClick={onMore}>
          {loading ? 'Cargando…' : 'Cargar más'}
        </button>
      )}
    </div>
  );
}
