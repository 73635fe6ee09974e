import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { useListContext } from 'react-admin';

/** The empty table: one text when nothing exists, another when the search or a filter found nothing (docs/product.md §8). */
export function ListEmpty({ none, notFound }: { none: string; notFound: string }) {
  const { filterValues } = useListContext();
  // Any filter the user set (the search, or Registros' event, state, dates...) makes an empty list 'not found'.
  const searching = Object.values(filterValues ?? {}).some((v) => v != null && String(v).trim() !== '');
  return (
    <Box sx={{ p: 3, textAlign: 'center' }}>
      <Typography color="text.secondary">{searching ? notFound : none}</Typography>
    </Box>
  );
}

/** A list that could not be loaded (docs/product.md §8: 'Error al cargar los ...'). */
export function ListError({ text }: { text: string }) {
  return (
    <Alert severity="error" role="alert" sx={{ m: 2 }}>
      {text}
    </Alert>
  );
}

/** Every list's loading state, in its content area (docs/domain.md, "Lists at real sizes"): while the first page
 * loads, and while another page, search or sort is on its way (the rows shown are the previous ones until it
 * comes). Laid over the top of the table, so nothing moves under the pointer when it comes and goes. */
export function ListLoading() {
  const { isPending, isFetching } = useListContext();
  if (!isPending && !isFetching) return null;
  return (
    <Box sx={{ position: 'relative', height: 0 }}>
      <Box
        role="status"
        aria-live="polite"
        sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2, bgcolor: 'background.paper', opacity: 0.95 }}
      >
        <LinearProgress aria-hidden />
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 0.5 }}>
          Cargando…
        </Typography>
      </Box>
    </Box>
  );
}
