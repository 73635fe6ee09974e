import type { ReactElement, ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button as MuiButton, IconButton, Tooltip, Typography } from '@mui/material';
import { Button, List, SearchInput, TopToolbar, useListContext, type SortPayload } from 'react-admin';
import { ListError } from './ListStates';
import { pagerTexts } from './paging';

/** A screen's list: the debounced search box (react-admin waits 500 ms, docs/product.md §9) with an accessible name, an
 * optional create button, and the screen's own error text. Lists the API answers whole (users, roles,
 * departments: search is server-side, `?search=`) have no paging; lists the API pages itself (registrations,
 * blacklist: 20 a page) pass `paging`, and get 'Anterior' / 'Siguiente' with 'Página X de Y' and 'Mostrando N de
 * total …'. The data provider's mapping says how to ask the API for a page. */
export function ResourceList({
  resource,
  title,
  searchPlaceholder,
  loadError,
  sort,
  paging,
  create,
  children,
}: {
  resource: string;
  title: string;
  searchPlaceholder: string;
  loadError: string;
  sort?: SortPayload;
  /** `noun` is what the counter counts: 'Mostrando 20 de 45 {noun}'. */
  paging?: { noun: string; perPage?: number };
  /** The create button, shown only when given (the permission is checked by the caller). */
  create?: { label: string; onClick: () => void };
  children: ReactNode;
}) {
  return (
    <List
      resource={resource}
      title={title}
      filters={[
        <SearchInput
          key="q"
          source="q"
          alwaysOn
          placeholder={searchPlaceholder}
          inputProps={{ 'aria-label': searchPlaceholder }}
          sx={{ minWidth: { sm: 440 } }}
        />,
      ]}
      actions={
        create ? (
          <TopToolbar>
            <Button variant="contained" label={create.label} startIcon={<AddIcon />} onClick={create.onClick} />
          </TopToolbar>
        ) : (
          false
        )
      }
      pagination={paging ? <Pager noun={paging.noun} /> : false}
      perPage={paging ? (paging.perPage ?? 20) : 1000}
      sort={sort}
      empty={false}
      exporter={false}
      error={<ListError text={loadError} />}
      disableSyncWithLocation
      // A wide table scrolls inside its card instead of widening the whole page.
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
    <Box
      component="nav"
      aria-label="Paginación"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', px: 2, py: 1.5 }}
    >
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

/** An icon button of a row's Acciones column: its tooltip, and a label naming the row for screen readers. */
export function RowAction({
  title,
  label,
  icon,
  onClick,
  danger = false,
}: {
  title: string;
  label: string;
  icon: ReactElement;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" color={danger ? 'error' : 'default'} aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
