import { useMemo, useState } from 'react';

/** A list held whole in the browser (the counts and filters need every row) but drawn a page at a time: drawing,
 * not reading, is what made a 1,500-row dialog slow. The page is kept within the pages there are. */
export function usePagedRows<T>(rows: readonly T[], perPage: number) {
  const [page, setPage] = useState(1);
  const current = Math.min(page, Math.max(1, Math.ceil(rows.length / perPage)));
  const visible = useMemo(() => rows.slice((current - 1) * perPage, current * perPage), [rows, current, perPage]);
  return { page: current, setPage, visible, total: rows.length, perPage };
}
