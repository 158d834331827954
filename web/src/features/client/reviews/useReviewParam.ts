import { useSearchParams } from 'react-router-dom';
import { moveFromParam, REVIEW_PARAM } from './ownReviews';

/**
 * The move whose review form is open, kept in the address (?valorar=N) like the dashboard's tab:
 * the 'finalizada' email's link opens it, and a reload keeps it open.
 */
export function useReviewParam(): { moveId: number | null; open: (id: number) => void; close: () => void } {
  const [params, setParams] = useSearchParams();
  const set = (id: number | null) =>
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        if (id === null) copy.delete(REVIEW_PARAM);
        else copy.set(REVIEW_PARAM, String(id));
        return copy;
      },
      { replace: true },
    );
  return { moveId: moveFromParam(params.get(REVIEW_PARAM)), open: (id) => set(id), close: () => set(null) };
}
