import { useMemo, useState } from 'react';
import type { QueueEntry } from '@evreg/contracts';
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
import { byStart, sessionRange } from '../../common/sessionChoice';
import { useActions } from '../../common/useActions';
import { useReload } from '../../common/useCommand';
import { usePickableEvents } from '../../common/usePickableEvents';
import { withReason } from '../../common/withReason';
import { saveFile } from '../../providers/download';
import { WHOLE, type AdminDataProvider } from '../../providers/dataProvider';
import { SettingsCard } from '../settings/SettingsCard';
import { WaitingListEntryEdit } from './WaitingListEntryEdit';
import { WaitingListTable } from './WaitingListTable';
import { canPromote, exportFileName, fullName, moved } from './rules';

type Dialog = { kind: 'promote' | 'edit' | 'remove'; entry: QueueEntry };

const message = (error: unknown) => (error instanceof Error ? error.message : undefined);

/** Listas de Espera (docs/product.md §2, 4, 8): pick an event (search as you type) and a session, then its waiting list:
 * drag (or keyboard) to reorder, promote when a spot is free, edit, remove, export to Excel. */
export default function WaitingListPage() {
  const [remove] = useDelete<QueueEntry>();
  const [updateMany] = useUpdateMany<QueueEntry>();
  const [create] = useCreate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const reload = useReload();
  const notify = useNotify();
  const { can } = useActions('queue-management');
  const pickable = usePickableEvents();
  const { events } = pickable;
  const [eventId, setEventId] = useState<number | null>(null);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [order, setOrder] = useState<QueueEntry[] | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [exporting, setExporting] = useState(false);

  const event = events.find((e) => e.id === eventId) ?? null;
  const sessions = useMemo(() => byStart(event?.sessions ?? []), [event]);
  const session = sessions.find((s) => s.id === sessionId) ?? null;
  // The session's waiting list: the `waiting-list` resource filtered by session, in the API's order (by position).
  const waitingList = useGetList<QueueEntry>(
    'waiting-list',
    { ...WHOLE, filter: { eventSessionId: sessionId } },
    { enabled: sessionId !== null },
  );
  const entries = order ?? waitingList.data ?? [];
  // The waiting list and the counts of the picker's sessions.
  const reloadList = () => reload(['waiting-list']);
  const reloadAll = () => reload(['waiting-list', 'events']);

  async function reorder(activeId: number, overId: number) {
    const next = moved(entries, activeId, overId);
    setOrder(next);
    try {
      // The session's ids in their new order (the waiting list's updateMany); the new positions are read back before
      // the optimistic order is dropped.
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
              onChange={(e) => setSessionId(e.target.value === '' ? null : Number(e.target.value))}
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
            ) : entries.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
                No hay personas en la lista de espera de esta sesión
              </Typography>
            ) : (
              <WaitingListTable
                entries={entries}
                can={{
                  reorder: can('reorder'),
                  promote: (entry) => can('promote') && canPromote(entry, session),
                  edit: can('edit'),
                  remove: can('delete'),
                }}
                onReorder={reorder}
                onPromote={(entry) => setDialog({ kind: 'promote', entry })}
                onEdit={(entry) => setDialog({ kind: 'edit', entry })}
                onRemove={(entry) => setDialog({ kind: 'remove', entry })}
              />
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
