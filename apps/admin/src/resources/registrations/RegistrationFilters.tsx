import { useEffect, useState } from 'react';
import type { AdminEvent, Session } from '@evreg/contracts';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import {
  AutocompleteInput,
  Button,
  DateInput,
  ReferenceInput,
  SelectInput,
  useGetList,
  useListContext,
  useNotify,
  useDataProvider,
} from 'react-admin';
import { sessionRange } from '../../common/sessionChoice';
import { withReason } from '../../common/withReason';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { WHOLE } from '../../providers/dataProvider';
import { saveFile } from '../../providers/download';
import { listFilter, STATE_CHOICES } from './rules';

/** The sessions of the event chosen in the filter; disabled until an event is chosen. A session left from another
 * event is dropped from the filters once the new event's sessions are known. */
export function SessionFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const eventId = filterValues.eventId;
  const chosen = eventId != null && eventId !== '';
  const { data: sessions, isSuccess } = useGetList<Session>(
    'sessions',
    { ...WHOLE, filter: { eventId } },
    { enabled: chosen },
  );
  const sessionId = filterValues[source];
  useEffect(() => {
    const stale =
      sessionId != null &&
      sessionId !== '' &&
      (!chosen || (isSuccess && !sessions?.some((s) => String(s.id) === String(sessionId))));
    if (stale) {
      const { [source]: _dropped, ...rest } = filterValues;
      setFilters(rest, displayedFilters);
    }
  }, [sessionId, chosen, isSuccess, sessions, filterValues, displayedFilters, setFilters, source]);
  return (
    <SelectInput
      source={source}
      label={label}
      choices={sessions ?? []}
      optionText={(s: Session) => `Sesión ${s.id} · ${sessionRange(s)}`}
      disabled={!chosen}
      emptyText="Todas"
      sx={{ minWidth: 220 }}
    />
  );
}

/** Registros' filters besides the search, all decided by the server (docs/domain.md, "Registros: finding and
 * slicing people"). */
export const REGISTRATION_FILTERS = [
  <ReferenceInput key="eventId" source="eventId" reference="events" alwaysOn>
    <AutocompleteInput
      label="Evento"
      optionText={(e: AdminEvent) => e.title}
      filterToQuery={(q) => ({ q })}
      sx={{ minWidth: 260 }}
    />
  </ReferenceInput>,
  <SessionFilter key="sessionId" source="sessionId" label="Sesión" alwaysOn />,
  <SelectInput key="state" source="state" label="Estado" choices={STATE_CHOICES} emptyText="Todos" alwaysOn />,
  <DateInput key="registeredFrom" source="registeredFrom" label="Inscritos desde" alwaysOn />,
  <DateInput key="registeredTo" source="registeredTo" label="Inscritos hasta" alwaysOn />,
];

/** 'Exportar Excel': every row of the list as filtered and sorted now (all pages), made by the server. */
export function ExportExcelButton() {
  const { filterValues, sort, total } = useListContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  async function exportExcel() {
    setBusy(true);
    try {
      const file = await dataProvider.exportRegistrationList(listFilter(filterValues, sort));
      saveFile(file.blob, file.fileName ?? 'registros.xlsx');
      notify('Excel exportado correctamente', { type: 'success' });
    } catch (error) {
      notify(withReason('Error al exportar Excel', error instanceof Error ? error.message : undefined), {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button label="Exportar Excel" startIcon={<FileDownloadIcon />} onClick={exportExcel} disabled={busy || !total} />
  );
}
