import type { ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button as MuiButton, Typography } from '@mui/material';
import { Button, List, SearchInput, TopToolbar, useListContext } from 'react-admin';
import { ListError } from './ListStates';
import { pagerTexts } from './paging';

/** A list the API pages itself (registrations, blacklist: 20 a page, spec 9): the debounced search box
 * (react-admin waits 500 ms), an optional create button, and 'Anterior' / 'Siguiente' with 'Página X de Y'
 * and 'Mostrando N de total …'. The data provider's mapping says how to ask the API for a page. */
export function PagedList({
  resource,
  title,
  searchPlaceholder,
  loadError,
  noun,
  perPage = 20,
  create,
  children,
}: {
  resource: string;
  title: string;
  searchPlaceholder: string;
  loadError: string;
  /** What the counter counts: 'Mostrando 20 de 45 {noun}'. */
  noun: string;
  perPage?: number;
  create?: { label: string; onClick: () => void };
  children: ReactNode;
}) {
  return (
    <List
      resource={resource}
      title={title}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={searchPlaceholder} inputProps={{ 'aria-label': searchPlaceholder }} sx={{ minWidth: { sm: 440 } }} />]}
      actions={create ? <TopToolbar><Button variant="contained" label={create.label} startIcon={<AddIcon />} onClick={create.onClick} /></TopToolbar> : false}
      pagination={<Pager noun={noun} />}
      perPage={perPage}
      empty={false}
      exporter={false}
      error={<ListError text={loadError} />}
      disableSyncWithLocation
      sx={{ '& .RaList-content': { overflowX: 'auto', contain: 'inline-size' } }}
    >
      {children}
    </List>
  );
}

function Pager({ noun }: { noun: string }) {
  const { page, perPage, total, setPage, isPending } = useListContext();
  if (isPending || total === undefined) return null;
  const texts = pagerTexts(page, perPage, total, noun);
  return (
    <Box component="nav" aria-label="Paginación" sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', px: 2, py: 1.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        {texts.shown}
      </Typography>
      <MuiButton size="small" onClick={() => setPage(page - 1)} disabled={page <= 1}>
        Anterior
      </MuiButton>
      <Typography variant="body2" aria-live="polite">
        {texts.page}
      </Typography>
      <MuiButton size="small" onClick={() => setPage(page + 1)} disabled={page >= texts.pages}>
        Siguiente
      </MuiButton>
    </Box>
  );
}
