import { memo, useCallback, useId, useMemo, useState } from 'react';
import { REGISTRATION_STATUS, type AdminEvent, type AdminRegistration, type Session } from '@evreg/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import HistoryIcon from '@mui/icons-material/History';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useDataProvider, useDelete, useGetManyReference, useNotify } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { errorText } from '../../common/notifyError';
import { searchPeople } from '../../common/peopleSearch';
import { Pager } from '../../common/PrevNextPagination';
import { RowAction } from '../../common/ResourceList';
import { usePagedRows } from '../../common/usePagedRows';
import { BulkActions } from '../registrations/bulk/BulkActions';
import { RegisteredAtCell } from '../registrations/RegisteredAtCell';
import { useActions } from '../../common/useActions';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { saveFile } from '../../providers/download';
import { withReason } from '../../common/withReason';
import { ATTENDANCE_FILTERS, byAttendance, sessionEnded, type AttendanceFilter } from './attendanceRules';
import { sessionWhen } from './eventFormat';
import { RegistrationHistoryDialog } from '../history/HistoryDialogs';
import { NoShowsDialog } from './NoShowsDialog';
import { sessionName, useEventsScreen, useReloadEvents } from './eventsScreen';
import { peopleParams } from './sessionPeople';

/** Rows drawn at once, as in the other paged lists: a page draws in a fraction of a second, 1,500 rows took seconds. */
export const PEOPLE_PER_PAGE = 20;

/** The people registered in a session (docs/product.md §2): active and cancelled, with where their seat comes from (a staff
 * registration on a reserved seat, or online). Read whole (the counts, the filter and the search need every row) and
 * drawn a page at a time, with a search by name, e-mail, DNI/NIE or phone. Removing one frees the seat and promotes
 * from the waiting list. A selection (a checkbox per row, and one for the page shown) gets the bulk actions of Registros. */
export function SessionPeopleDialog({
  event,
  session,
  onClose,
}: {
  event: AdminEvent;
  session: Session;
  onClose: () => void;
}) {
  const [remove] = useDelete<AdminRegistration>();
  const { canDeleteRegistration } = useEventsScreen();
  const reloadEvents = useReloadEvents();
  const titleId = useId();
  // The session's registrations: a reference of the `registrations` resource (read again after a delete); the
  // button that opens the dialog has already asked for them (usePrefetchSessionPeople): that answer is used, not
  // asked for again, even when it arrived before the dialog's code did.
  const people = useGetManyReference<AdminRegistration>('registrations', peopleParams(session.id), {
    staleTime: 10_000,
  });
  const [removing, setRemoving] = useState<AdminRegistration | null>(null);
  const [historyOf, setHistoryOf] = useState<AdminRegistration | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attended, setAttended] = useState<AttendanceFilter>('all');
  const [noShowsOpen, setNoShowsOpen] = useState(false);
  const blacklist = useActions('blacklist');
  const [search, setSearch] = useState('');
  const all = useMemo(() => people.data ?? [], [people.data]);
  const rows = useMemo(() => searchPeople(byAttendance(all, attended), search), [all, attended, search]);
  const paged = usePagedRows(rows, PEOPLE_PER_PAGE);
  const ended = sessionEnded(session, new Date());
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (id: number) =>
      setSelected((now) => {
        const next = new Set(now);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const pageIds = paged.visible.map((person) => person.id);
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  /** The session's people in Excel (everyone, whatever the filter shows), named by the server. */
  async function exportExcel() {
    setExporting(true);
    setFailure(null);
    try {
      const file = await dataProvider.exportRegistrations(session.id);
      saveFile(file.blob, file.fileName ?? `inscripciones-sesion-${session.id}.xlsx`);
      notify('Excel exportado correctamente', { type: 'success' });
    } catch (error) {
      const text = withReason('Error al exportar Excel', error instanceof Error ? error.message : undefined);
      notify(text, { type: 'error' });
      // Also inside the dialog: the modal hides the snackbar from screen readers.
      setFailure(text);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="lg">
      <DialogTitle id={titleId}>Personas inscritas · {sessionName(session)}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {event.title} · {sessionWhen(session)}
          {people.data &&
            ` · ${all.filter((p) => p.status === REGISTRATION_STATUS.Active).length} activos, ${all.filter((p) => p.status !== REGISTRATION_STATUS.Active).length} cancelados, ${all.filter((p) => p.checkedIn).length} asistieron`}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <TextField
            select
            size="small"
            label="Asistió"
            value={attended}
            onChange={(e) => {
              setAttended(e.target.value as AttendanceFilter);
              paged.setPage(1);
            }}
            sx={{ minWidth: 180 }}
          >
            {ATTENDANCE_FILTERS.map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="search"
            label="Buscar"
            placeholder="Nombre, email, DNI/NIE o teléfono"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              paged.setPage(1);
            }}
            sx={{ minWidth: 280 }}
          />
          <Button
            variant="outlined"
            startIcon={<FileDownloadIcon />}
            onClick={exportExcel}
            disabled={exporting || all.length === 0}
          >
            {exporting ? 'Exportando...' : 'Exportar Excel'}
          </Button>
          {ended && blacklist.can('create') && (
            <Button variant="outlined" startIcon={<PersonOffIcon />} onClick={() => setNoShowsOpen(true)}>
              No presentados
            </Button>
          )}
        </Stack>
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {selected.size > 0 && (
          <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
            <Typography>{selected.size} seleccionadas</Typography>
            <BulkActions
              ids={[...selected]}
              rows={all.filter((person) => selected.has(person.id))}
              onDone={async () => {
                setSelected(new Set());
                await reloadEvents();
              }}
            />
          </Stack>
        )}
        {people.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress aria-label="Cargando los registros" />
          </Box>
        ) : people.isError ? (
          <Alert severity="error" role="alert">
            {people.error.message || 'Error al cargar los registros'}
          </Alert>
        ) : rows.length === 0 ? (
          <Typography sx={{ p: 2, textAlign: 'center' }} color="text.secondary">
            {all.length === 0
              ? 'No hay registros para esta sesión'
              : search.trim()
                ? 'Nadie coincide con la búsqueda'
                : 'Nadie cumple el filtro'}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={titleId}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={pageSelected}
                      onChange={() =>
                        setSelected((now) => {
                          const next = new Set(now);
                          for (const id of pageIds) {
                            if (pageSelected) next.delete(id);
                            else next.add(id);
                          }
                          return next;
                        })
                      }
                      slotProps={{ input: { 'aria-label': 'Seleccionar la página' } }}
                    />
                  </TableCell>
                  <TableCell>Nombre</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>DNI/NIE</TableCell>
                  <TableCell>Teléfono</TableCell>
                  <TableCell>Fecha</TableCell>
                  <TableCell>Estado</TableCell>
                  <TableCell>Origen</TableCell>
                  <TableCell>Asistió</TableCell>
                  <TableCell>Acciones</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {paged.visible.map((person) => (
                  <PersonRow
                    key={person.id}
                    person={person}
                    checked={selected.has(person.id)}
                    onToggle={toggle}
                    onRemove={canDeleteRegistration ? setRemoving : undefined}
                    onHistory={setHistoryOf}
                  />
                ))}
              </TableBody>
            </Table>
            <Pager
              page={paged.page}
              perPage={paged.perPage}
              total={paged.total}
              rows={paged.visible.length}
              noun="personas"
              setPage={paged.setPage}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Cerrar
        </Button>
      </DialogActions>
      {noShowsOpen && <NoShowsDialog session={session} onClose={() => setNoShowsOpen(false)} />}
      {historyOf && <RegistrationHistoryDialog registration={historyOf} onClose={() => setHistoryOf(null)} />}
      {removing && (
        <Confirmation
          question={`¿Eliminar el registro de ${removing.firstName} ${removing.lastName} (${removing.email})? Se libera su plaza y puede pasar alguien de la lista de espera. Esta acción no se puede deshacer.`}
          onClose={() => setRemoving(null)}
          // Inside this dialog: a notification outside it would be hidden from screen readers.
          onError={(error) => setFailure(errorText(error))}
          onConfirm={async () => {
            setFailure(null);
            await remove('registrations', { id: removing.id, previousData: removing }, { returnPromise: true });
            // The session's counts in the events list follow.
            await reloadEvents();
          }}
        />
      )}
    </Dialog>
  );
}

/** One person's row; memoised, so typing in the search or opening a confirmation draws no row again. */
const PersonRow = memo(function PersonRow({
  person,
  checked,
  onToggle,
  onRemove,
  onHistory,
}: {
  person: AdminRegistration;
  checked: boolean;
  onToggle: (id: number) => void;
  onRemove?: (person: AdminRegistration) => void;
  onHistory: (person: AdminRegistration) => void;
}) {
  const active = person.status === REGISTRATION_STATUS.Active;
  const fullName = `${person.firstName} ${person.lastName}`;
  return (
    <TableRow selected={checked}>
      <TableCell padding="checkbox">
        <Checkbox
          checked={checked}
          onChange={() => onToggle(person.id)}
          slotProps={{ input: { 'aria-label': `Seleccionar a ${fullName}` } }}
        />
      </TableCell>
      <TableCell sx={active ? undefined : { textDecoration: 'line-through', color: 'text.secondary' }}>
        {fullName}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{person.email}</TableCell>
      <TableCell>{person.userTaxId}</TableCell>
      <TableCell>{person.telephoneNumber || '-'}</TableCell>
      <TableCell>
        <RegisteredAtCell person={person} />
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={active ? 'Activo' : 'Cancelado'}
          color={active ? 'success' : 'default'}
          variant="outlined"
        />
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5}>
          <Chip size="small" label={person.usesReservedSpot ? 'Admin' : 'Público'} variant="outlined" />
          <Chip
            size="small"
            label={person.usesReservedSpot ? 'Reservado' : 'Online'}
            variant="outlined"
            color={person.usesReservedSpot ? 'secondary' : 'primary'}
          />
        </Stack>
      </TableCell>
      <TableCell>
        {person.checkedIn ? (
          <Chip
            size="small"
            color="success"
            label={`Sí${person.checkedInAt ? ` · ${clockOf(person.checkedInAt)}` : ''}`}
          />
        ) : (
          'No'
        )}
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5}>
          <RowAction
            title="Historial"
            label={`Historial de ${fullName}`}
            icon={<HistoryIcon fontSize="small" />}
            onClick={() => onHistory(person)}
          />
          {onRemove && (
            <RowAction
              title="Eliminar registro"
              label={`Eliminar el registro de ${fullName}`}
              icon={<DeleteIcon fontSize="small" />}
              onClick={() => onRemove(person)}
              danger
            />
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
});

const CLOCK = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const clockOf = (iso: string) => CLOCK.format(new Date(iso));
