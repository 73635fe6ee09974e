import type { ReactElement, ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { IconButton, Tooltip } from '@mui/material';
import { Button, List, SearchInput, TopToolbar, type SortPayload } from 'react-admin';
import { ListError } from './ListStates';

/** The lists of this increment: the API answers them whole (search is server-side, `?search=`), so no
 * paging; a search box, an optional create button, and the screen's own error text. */
export function ResourceList({
  resource,
  title,
  searchPlaceholder,
  loadError,
  sort,
  create,
  children,
}: {
  resource: string;
  title: string;
  searchPlaceholder: string;
  loadError: string;
  sort: SortPayload;
  /** The create button, shown only when given (the permission is checked by the caller). */
  create?: { label: string; onClick: () => void };
  children: ReactNode;
}) {
  return (
    <List
      resource={resource}
      title={title}
      // react-admin debounces the search by 500 ms (spec 9); the box has an accessible name.
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={searchPlaceholder} inputProps={{ 'aria-label': searchPlaceholder }} sx={{ minWidth: 360 }} />]}
      actions={create ? <TopToolbar><Button variant="contained" label={create.label} startIcon={<AddIcon />} onClick={create.onClick} /></TopToolbar> : false}
      pagination={false}
      perPage={1000}
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

/** An icon button of a row's Acciones column: its tooltip, and a label naming the row for screen readers. */
export function RowAction({ title, label, icon, onClick, danger = false }: { title: string; label: string; icon: ReactElement; onClick: () => void; danger?: boolean }) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" color={danger ? 'error' : 'default'} aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
