import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { WaitingEntry } from '@evreg/contracts';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import QueueIcon from '@mui/icons-material/Queue';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCreate, useDataProvider, useDelete, useGetList, useNotify, useUpdateMany } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { EventAutocomplete } from '../../common/EventAutocomplete';
import { EventsGate } from '../../common/EventsGate';
import { searchPeople } from '../../common/peopleSearch';
import { Pager } from '../../common/PrevNextPagination';
import { byStart, sessionRange } from '../../common/sessionChoice';
import { useActions } from '../../common/useActions';
import { useReload } from '../../common/useCommand';
import { usePagedRows } from '../../common/usePagedRows';
import { usePickableEvents } from '../../common/usePickableEvents';
import { withReason } from '../../common/withReason';
import { saveFile } from '../../providers/download';
import { WHOLE, type AdminDataProvider } from '../../providers/dataProvider';
import { SettingsCard } from '../settings/SettingsCard';
import { WaitingListEntryEdit } from './WaitingListEntryEdit';
import { VISUALLY_HIDDEN, WaitingListTable } from './WaitingListTable';
import { canPromote, exportFileName, fullName, keyboardMove, moved, moveMessages, pageOf } from './rules';

type Dialog = { kind: 'promote' | 'edit' | 'remove'; entry: WaitingEntry };

/** Rows drawn at once, as in the other paged lists: a page draws at once, 300 sortable rows did not. */
export const WAITING_PER_PAGE = 20;
const NOBODY: WaitingEntry[] = [];

const message = (error: unknown) => (error instanceof Error ? error.message : undefined);

/** Listas de Espera (docs/product.md §2, 4, 8): pick an event (search as you type) and a session, then its waiting list,
 * read whole and drawn 20 to a page, with a search by name, e-mail, DNI/NIE or phone: drag within the page or move
 * with the keyboard through the whole list to reorder (without a search), promote when a spot is free, edit, remove,
 * export to Excel. */
export default function WaitingListPage() {
  const [remove] = useDelete<WaitingEntry>();
  const [updateMany] = useUpdateMany<WaitingEntry>();
  const [create] = useCreate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const reload = useReload();
  const notify = useNotify();
  const { can } = useActions('queue-management');
  const pickable = usePickableEvents();
  const { events } = pickable;
  const [eventId, setEventId] = useState<number | null>(null);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [order, setOrder] = useState<WaitingEntry[] | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [exporting, setExporting] = useState(false);
  const [search, setSearch] = useState('');
  // The person lifted with the keyboard and the order their moves have made so far. A ref, not state: each key press
  // reads what the previous one left, even before the screen has caught up, so no press is lost or applied twice.
  const lift = useRef<{ entry: WaitingEntry; before: WaitingEntry[] | null; order: WaitingEntry[] } | null>(null);
  const [liftedId, setLiftedId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const event = events.find((e) => e.id === eventId) ?? null;
  const sessions = useMemo(() => byStart(event?.sessions ?? []), [event]);
  const session = sessions.find((s) => s.id === sessionId) ?? null;
  // The session's waiting list: the `waiting-list` resource filtered by session, in the API's order (by position).
  const waitingList = useGetList<WaitingEntry>(
    'waiting-list',
    { ...WHOLE, filter: { eventSessionId: sessionId } },
    { enabled: sessionId !== null },
  );
  const entries = order ?? waitingList.data ?? NOBODY;
  const positions = useMemo(() => new Map(entries.map((e, i) => [e.id, i + 1])), [entries]);
  const shown = useMemo(() => searchPeople(entries, search), [entries, search]);
  const paged = usePagedRows(shown, WAITING_PER_PAGE);
  // The waiting list and the counts of the picker's sessions.
  const reloadList = () => reload(['waiting-list']);
  const reloadAll = () => reload(['waiting-list', 'events']);

  /** Saves a new order (the session's ids in that order: the waiting list's updateMany); the positions are read back
   * before the optimistic order is dropped. */
  async function save(next: WaitingEntry[]) {
    setOrder(next);
    try {
      await updateMany(
        'waiting-list',
        { ids: next.map((e) => e.id), data: { eventSessionId: sessionId! } },
        { returnPromise: true },
      );
      await reloadList();
      notify('Orden de la lista actualizado correctamente', { type: 'success' });
    } catch (error) {
      notify(withReason('Error al reordenar la lista de espera', message(error)), { type: 'error' });
      // docs/product.md §8: on failure the list reloads.
      await reloadList();
    } finally {
      setOrder(null);
    }
  }

  const reorder = (activeId: number, overId: number) => void save(moved(entries, activeId, overId));

  /** The keyboard on a handle: Space/Enter lifts the person, each arrow moves them one place in the whole list (the
   * page follows them), Space/Enter leaves them there and saves, Escape puts them back. */
  function handleKey(entry: WaitingEntry, event: KeyboardEvent) {
    const current = lift.current;
    const key = event.key;
    const drop = key === ' ' || key === 'Enter';
    if (!current) {
      if (!drop) return;
      event.preventDefault();
      lift.current = { entry, before: order, order: [...entries] };
      setLiftedId(entry.id);
      setAnnouncement(moveMessages.lifted(fullName(entry), positions.get(entry.id)!));
      return;
    }
    const name = fullName(current.entry);
    const place = () => current.order.findIndex((e) => e.id === current.entry.id);
    if (key === 'Escape' || drop) {
      event.preventDefault();
      lift.current = null;
      setLiftedId(null);
      const original = (current.before ?? waitingList.data ?? NOBODY).findIndex((e) => e.id === current.entry.id);
      if (key === 'Escape' || place() === original) {
        // Back to the order shown before the lift: nothing to save.
        setOrder(current.before);
        setAnnouncement(
          key === 'Escape' ? moveMessages.cancelled(name, original + 1) : moveMessages.dropped(name, original + 1),
        );
        paged.setPage(pageOf(original, WAITING_PER_PAGE));
        return;
      }
      setAnnouncement(moveMessages.dropped(name, place() + 1));
      void save(current.order);
      return;
    }
    const next = keyboardMove(current.order, current.entry.id, key);
    if (!next) return;
    event.preventDefault();
    current.order = next;
    setOrder(next);
    paged.setPage(pageOf(place(), WAITING_PER_PAGE));
    setAnnouncement(moveMessages.over(name, place() + 1));
  }
  // One function for every row (rows are memoised), always calling this render's handler.
  const latestKey = useRef(handleKey);
  useLayoutEffect(() => {
    latestKey.current = handleKey;
  });
  const onHandleKey = useCallback((entry: WaitingEntry, event: KeyboardEvent) => latestKey.current(entry, event), []);
  const openDialog = useCallback((kind: Dialog['kind']) => (entry: WaitingEntry) => setDialog({ kind, entry }), []);
  const [onPromote, onEdit, onRemove] = useMemo(
    () => [openDialog('promote'), openDialog('edit'), openDialog('remove')],
    [openDialog],
  );
  const canReorder = can('reorder') && search.trim() === '';
  const canPromoteHere = can('promote');
  const canEdit = can('edit');
  const canRemove = can('delete');
  const permissions = useMemo(
    () => ({
      reorder: canReorder,
      promote: (entry: WaitingEntry) => canPromoteHere && canPromote(entry, session),
      edit: canEdit,
      remove: canRemove,
    }),
    [canReorder, canPromoteHere, canEdit, canRemove, session],
  );

  async function exportExcel() {
    setExporting(true);
    try {
      const file = await dataProvider.exportWaitingList(sessionId!);
      saveFile(file.blob, file.fileName ?? exportFileName(sessionId!, new Date()));
      notify('Excel exportado correctamente', { type: 'success' });
    } catch (error) {
      notify(withReason('Error al exportar Excel', message(error)), { type: 'error' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <SettingsCard
        icon={<QueueIcon color="primary" />}
        title="Evento y sesión"
        subheader="Elige la sesión cuya lista de espera quieres gestionar"
      >
        <EventsGate events={pickable}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' }, alignItems: 'start' }}>
            <EventAutocomplete
              events={events}
              value={eventId}
              onChange={(id) => {
                setEventId(id);
                setSessionId(null);
              }}
            />
            <TextField
              select
              label="Sesión"
              value={sessionId ?? ''}
              onChange={(e) => {
                setSessionId(e.target.value === '' ? null : Number(e.target.value));
                setSearch('');
                paged.setPage(1);
              }}
              disabled={!event}
              helperText={event && sessions.length === 0 ? 'Este evento no tiene sesiones' : undefined}
              slotProps={{
                select: {
                  MenuProps: { slotProps: { paper: { sx: { maxHeight: 240 } } } },
                  renderValue: () =>
                    session
                      ? `${sessionRange(session)} · En espera: ${session.currentQueueCount}/${session.maxQueueSpots}`
                      : '',
                },
              }}
            >
              {sessions.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  <ListItemText
                    primary={sessionRange(s)}
                    secondary={`En espera: ${s.currentQueueCount}/${s.maxQueueSpots}`}
                    sx={{ my: 0 }}
                  />
                </MenuItem>
              ))}
            </TextField>
          </Box>
        </EventsGate>
      </SettingsCard>

      {session && (
        <Box component="section" aria-labelledby="waiting-list-title" sx={{ display: 'grid', gap: 1.5 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id="waiting-list-title" component="h2" variant="h6" sx={{ mr: 'auto' }}>
              Lista de espera
            </Typography>
            <Chip label={`En espera: ${session.currentQueueCount}/${session.maxQueueSpots}`} />
            <Chip
              label={`Plazas libres: ${session.availableSpots}`}
              color={session.availableSpots > 0 ? 'success' : 'default'}
              variant="outlined"
            />
            <Chip
              label={`Reservadas sin usar: ${session.reservedSpots - session.usedReservedSpots}`}
              variant="outlined"
            />
            <Chip
              label={session.isPromotionLocked ? 'Promoción automática: Bloqueada' : 'Promoción automática: Activa'}
              variant="outlined"
            />
            <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={exportExcel} disabled={exporting}>
              {exporting ? 'Exportando...' : 'Exportar Excel'}
            </Button>
          </Stack>
          <TextField
            size="small"
            type="search"
            label="Buscar en la lista"
            placeholder="Nombre, email, DNI/NIE o teléfono"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              paged.setPage(1);
            }}
            helperText={search.trim() && can('reorder') ? 'Borra la búsqueda para cambiar el orden' : undefined}
            sx={{ maxWidth: 420 }}
          />
          <div role="status" aria-live="assertive" aria-atomic="true" style={VISUALLY_HIDDEN}>
            {announcement}
          </div>
          <Box
            sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
          >
            {waitingList.isPending ? (
              <Box sx={{ p: 3, display: 'flex', justifyContent: 'center' }}>
                <CircularProgress aria-label="Cargando la lista de espera" />
              </Box>
            ) : waitingList.error ? (
              <Alert severity="error" role="alert" sx={{ m: 2 }}>
                {waitingList.error.message || 'Error al cargar la lista de espera'}
              </Alert>
            ) : shown.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
                {entries.length === 0
                  ? 'No hay personas en la lista de espera de esta sesión'
                  : 'Nadie de la lista coincide con la búsqueda'}
              </Typography>
            ) : (
              <>
                <WaitingListTable
                  rows={paged.visible}
                  positions={positions}
                  lifted={liftedId}
                  can={permissions}
                  onReorder={reorder}
                  onHandleKey={onHandleKey}
                  onPromote={onPromote}
                  onEdit={onEdit}
                  onRemove={onRemove}
                />
                <Pager
                  page={paged.page}
                  perPage={paged.perPage}
                  total={paged.total}
                  rows={paged.visible.length}
                  noun="personas"
                  setPage={paged.setPage}
                />
              </>
            )}
          </Box>
        </Box>
      )}

      {dialog?.kind === 'promote' && (
        <Confirmation
          kind="action"
          title="Promover de la lista de espera"
          question={`¿Inscribir a ${fullName(dialog.entry)} en la sesión? Ocupará una plaza libre o, si no la hay, una reservada, y recibirá un email.`}
          confirmLabel="Promover"
          onClose={() => setDialog(null)}
          onError={(error) => {
            notify(withReason('Error al promover de la lista de espera', message(error)), { type: 'error' });
            // The counts that offered the button were stale: show the current ones.
            void reloadAll();
          }}
          onConfirm={async () => {
            // A registration created from the entry (useCreate reads the registrations again); the waiting list and
            // the counts change too.
            await create('registrations', { data: { queueEntryId: dialog.entry.id } }, { returnPromise: true });
            await reloadAll();
            notify('Persona promovida exitosamente', { type: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'edit' && (
        <WaitingListEntryEdit
          entry={dialog.entry}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            notify('Datos de la persona actualizados', { type: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'remove' && (
        <Confirmation
          question={`¿Quitar a ${fullName(dialog.entry)} de la lista de espera? Las personas detrás suben un puesto.`}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            // useDelete reads the waiting list again (positions move up); the counts follow.
            await remove('waiting-list', { id: dialog.entry.id, previousData: dialog.entry }, { returnPromise: true });
            await reload(['events']);
            notify('Persona eliminada de la lista de espera', { type: 'success' });
          }}
        />
      )}
    </Box>
  );
}
