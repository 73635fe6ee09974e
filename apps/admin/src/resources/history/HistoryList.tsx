import {
  HISTORY_ACTIONS,
  HISTORY_ACTORS,
  historyChangeText,
  type AdminEvent,
  type HistoryEntry,
} from '@evreg/contracts';
import { Box, Button, Chip, Typography } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  DateInput,
  List,
  ReferenceInput,
  SelectInput,
  TextInput,
  useListContext,
} from 'react-admin';
import { formatDateTime } from '../../common/format';
import { ListEmpty, ListError, ListLoading } from '../../common/ListStates';
import { PrevNextPagination } from '../../common/PrevNextPagination';
import { SessionFilter } from '../registrations/RegistrationFilters';
import { historyActorText } from './HistoryTimeline';

const choices = (labels: Record<string, string>) => Object.entries(labels).map(([id, name]) => ({ id, name }));

/** The filters, all applied by the server (GET /api/history); in the address, so a filtered view can be shared. */
const HISTORY_FILTERS = [
  <ReferenceInput key="eventId" source="eventId" reference="events" alwaysOn>
    <AutocompleteInput
      label="Evento"
      optionText={(e: AdminEvent) => e.title}
      filterToQuery={(q) => ({ q })}
      sx={{ minWidth: 240 }}
    />
  </ReferenceInput>,
  <SessionFilter key="sessionId" source="sessionId" label="Sesión" alwaysOn />,
  <SelectInput
    key="action"
    source="action"
    label="Acción"
    choices={choices(HISTORY_ACTIONS)}
    emptyText="Todas"
    alwaysOn
  />,
  <ReferenceInput key="actorUserId" source="actorUserId" reference="users" alwaysOn>
    <AutocompleteInput
      label="Quién"
      optionText={(u: { firstName: string; lastName: string; email: string }) =>
        `${u.firstName} ${u.lastName}`.trim() || u.email
      }
      filterToQuery={(q) => ({ q })}
      sx={{ minWidth: 220 }}
    />
  </ReferenceInput>,
  <SelectInput
    key="actorKind"
    source="actorKind"
    label="Tipo de actor"
    choices={choices(HISTORY_ACTORS)}
    emptyText="Todos"
  />,
  <DateInput key="from" source="from" label="Desde" alwaysOn />,
  <DateInput key="to" source="to" label="Hasta" alwaysOn />,
  <TextInput key="bulkId" source="bulkId" label="Acción masiva" />,
];

/** /admin/history: every recorded change, newest first, 20 a page; a bulk action's entries are one row saying who
 * and how many, opened with 'Ver una a una' (docs/domain.md, "History"). */
export default function HistoryList() {
  return (
    <List
      resource="history"
      title="Historial"
      filters={HISTORY_FILTERS}
      pagination={<PrevNextPagination noun="entradas" />}
      perPage={20}
      empty={false}
      exporter={false}
      error={<ListError text="Error al cargar el historial" />}
      sx={{ '& .RaList-content': { overflowX: 'auto', contain: 'inline-size' } }}
    >
      <ListLoading />
      <DataTable<HistoryEntry>
        bulkActionButtons={false}
        rowClick={false}
        empty={<ListEmpty none="Sin cambios registrados" notFound="Ningún cambio con estos filtros" />}
      >
        <DataTable.Col<HistoryEntry> label="Fecha" disableSort render={(e) => formatDateTime(e.at)} />
        <DataTable.Col<HistoryEntry> label="Acción" disableSort render={(e) => <ActionCell entry={e} />} />
        <DataTable.Col<HistoryEntry> label="Quién" disableSort render={historyActorText} />
        <DataTable.Col<HistoryEntry> label="Sobre" disableSort render={(e) => e.subjectLabel ?? ''} />
        <DataTable.Col<HistoryEntry>
          label="Cambios"
          disableSort
          render={(e) => e.changes.map(historyChangeText).join(' · ')}
        />
      </DataTable>
    </List>
  );
}

/** What happened; a bulk action's row says how many it did and opens them one by one. */
function ActionCell({ entry }: { entry: HistoryEntry }) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const { bulk } = entry;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      <Typography variant="body2">{entry.actionLabel}</Typography>
      {bulk && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip size="small" variant="outlined" label={`Acción masiva: ${bulk.count}`} />
          {!filterValues.bulkId && bulk.count > 1 && (
            <Button
              size="small"
              onClick={() => setFilters({ ...filterValues, bulkId: bulk.id }, { ...displayedFilters, bulkId: true })}
            >
              Ver una a una
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}
