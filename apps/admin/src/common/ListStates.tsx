import { Alert, Box, Typography } from '@mui/material';
import { useListContext } from 'react-admin';

/** The empty table: one text when nothing exists, another when the search found nothing (docs/product.md §8). */
export function ListEmpty({ none, notFound }: { none: string; notFound: string }) {
  const { filterValues } = useListContext();
  const searching = typeof filterValues?.q === 'string' && filterValues.q.trim() !== '';
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
