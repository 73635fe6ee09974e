import type { ReactElement, ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { IconButton, Tooltip } from '@mui/material';
import { Button, List, SearchInput, TopToolbar, type SortPayload } from 'react-admin';
import { ListError, ListLoading } from './ListStates';
import { PrevNextPagination } from './PrevNextPagination';

/** The page size of a screen's list (docs/product.md §9: 20). */
export const LIST_PAGE_SIZE = 20;

/** A screen's list: the debounced search box (react-admin waits 500 ms, docs/product.md §9) with an accessible name, an
 * optional create button, the screen's own error text, and what every list shows (docs/domain.md, "Lists at real
 * sizes"): the loading state in the content area, and 'Anterior' / 'Siguiente' with 'Página X de Y' and
 * 'Mostrando N de total {noun}'. Lists the API pages (users, events, registrations, blacklist) are paged, sorted
 * and searched by the server; the others (roles, departments) are read whole and paged by the data provider. The
 * data provider's mapping says which. */
export function ResourceList({
  resource,
  title,
  searchPlaceholder,
  loadError,
  sort,
  paging,
  create,
  filters = [],
  actions,
  pagination,
  syncWithLocation = false,
  children,
}: {
  resource: string;
  title: string;
  searchPlaceholder: string;
  loadError: string;
  sort?: SortPayload;
  /** `noun` is what the counter counts: 'Mostrando 20 de 45 {noun}'. */
  paging: { noun: string; perPage?: number };
  /** The create button, shown only when given (the permission is checked by the caller). */
  create?: { label: string; onClick: () => void };
  /** Filters besides the search box (a screen the API filters: Registros). */
  filters?: ReactElement[];
  /** Buttons of the list's toolbar besides the create button (e.g. an export). */
  actions?: ReactNode;
  /** The pager, when not 'Anterior' / 'Siguiente' (a list with page numbers). */
  pagination?: ReactElement;
  /** Search, filters, order and page in the address (react-admin's default), so a filtered view can be shared or
   * bookmarked: for a screen's main list (Registros). Off by default: most screens are simple lists. */
  syncWithLocation?: boolean;
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
        ...filters,
      ]}
      actions={
        create || actions ? (
          <TopToolbar>
            {actions}
            {create && (
              <Button variant="contained" label={create.label} startIcon={<AddIcon />} onClick={create.onClick} />
            )}
          </TopToolbar>
        ) : (
          false
        )
      }
      pagination={pagination ?? <PrevNextPagination noun={paging.noun} />}
      perPage={paging.perPage ?? LIST_PAGE_SIZE}
      sort={sort}
      empty={false}
      exporter={false}
      error={<ListError text={loadError} />}
      disableSyncWithLocation={!syncWithLocation}
      // A wide table scrolls inside its card instead of widening the whole page.
      sx={{ '& .RaList-content': { overflowX: 'auto', contain: 'inline-size' } }}
    >
      <ListLoading />
      {children}
    </List>
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
