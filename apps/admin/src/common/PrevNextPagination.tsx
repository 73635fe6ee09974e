import { Box, Button, Pagination, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import { pagerTexts } from './paging';

/** Every list's paging controls (ResourceList and the lists with toolbars of their own: the logs, templates):
 * 'Anterior' / 'Siguiente'. With a `noun` it shows the total ('Mostrando N de total …', 'Página X de Y');
 * without, it says 'Página n' and 'Siguiente' stops at a page that is not full (the SMS log, docs/product.md §9).
 * `numbered` adds the page numbers between the two buttons, to jump to any page of a long list (Registros). */
export function PrevNextPagination({ noun, numbered = false }: { noun?: string; numbered?: boolean }) {
  const { page, perPage, total, data, setPage, isPending } = useListContext();
  if (isPending) return null;
  return (
    <Pager
      page={page}
      perPage={perPage}
      total={total}
      rows={data?.length ?? 0}
      noun={noun}
      numbered={numbered}
      setPage={setPage}
    />
  );
}

/** The controls themselves, for a list paged in the browser (a session's people, a waiting list) as well. */
export function Pager({
  page,
  perPage,
  total,
  rows,
  noun,
  numbered = false,
  setPage,
}: {
  page: number;
  perPage: number;
  total?: number;
  /** Rows on this page (decides 'Siguiente' when the total is unknown). */
  rows: number;
  noun?: string;
  /** The page numbers between the two buttons. */
  numbered?: boolean;
  setPage: (page: number) => void;
}) {
  const counted = noun !== undefined && total !== undefined ? pagerTexts(page, perPage, total, noun) : null;
  const hasNext = counted ? page < counted.pages : rows >= perPage;
  return (
    <Box
      component="nav"
      aria-label="Paginación"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', px: 2, py: 1.5 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        {counted?.shown}
      </Typography>
      <Button size="small" onClick={() => setPage(page - 1)} disabled={page <= 1}>
        Anterior
      </Button>
      {numbered && counted && counted.pages > 1 && (
        <Pagination
          aria-label="Números de página"
          count={counted.pages}
          page={Math.min(page, counted.pages)}
          onChange={(_event, n) => setPage(n)}
          hidePrevButton
          hideNextButton
          size="small"
          siblingCount={1}
          boundaryCount={1}
          getItemAriaLabel={(type, n, selected) =>
            type === 'page' ? (selected ? `Página ${n}, actual` : `Ir a la página ${n}`) : ''
          }
        />
      )}
      <Typography variant="body2" aria-live="polite">
        {counted ? counted.page : `Página ${page}`}
      </Typography>
      <Button size="small" onClick={() => setPage(page + 1)} disabled={!hasNext}>
        Siguiente
      </Button>
    </Box>
  );
}
