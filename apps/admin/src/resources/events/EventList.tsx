import { lazy, Suspense, useState } from 'react';
import { EVENT_STATUS, EVENT_STATUS_LABEL, type AdminEvent } from '@evreg/contracts';
import AddIcon from '@mui/icons-material/Add';
import CampaignIcon from '@mui/icons-material/Campaign';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HistoryIcon from '@mui/icons-material/History';
import { Box, Button, Chip, Stack, Typography, type ChipProps } from '@mui/material';
import { DataTable, useDelete, useExpanded, useNotify } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { ListEmpty } from '../../common/ListStates';
import { ResourceList, RowAction } from '../../common/ResourceList';
import { useActions } from '../../common/useActions';
import { errorText } from '../../common/notifyError';
import { canAccess } from '../../access/routes';
import { deleteEventQuestion, descriptionPreview, formatPrice } from './eventFormat';
import {
  EventsScreenContext,
  sessionName,
  useEventsScreen,
  useReloadEvents,
  type EventsDialog,
  type EventsScreen,
} from './eventsScreen';
import { loadSessionPeopleDialog } from './sessionPeople';
import { SessionsPanel } from './SessionsPanel';

// The dialogs load on their first opening: a first visit to the screen fetches and runs the list's code only
// (docs/performance.md, "First visit to Eventos and 'Personas inscritas'").
const EventForm = lazy(() => import('./EventForm').then((m) => ({ default: m.EventForm })));
const NotificationDialog = lazy(() => import('./NotificationDialog').then((m) => ({ default: m.NotificationDialog })));
const RedistributeDialog = lazy(() => import('./RedistributeDialog').then((m) => ({ default: m.RedistributeDialog })));
const SessionForm = lazy(() => import('./SessionForm').then((m) => ({ default: m.SessionForm })));
const SessionPeopleDialog = lazy(() => loadSessionPeopleDialog().then((m) => ({ default: m.SessionPeopleDialog })));
const EventHistoryDialog = lazy(() =>
  import('../history/HistoryDialogs').then((m) => ({ default: m.EventHistoryDialog })),
);

/** docs/product.md §4: badges live default, draft secondary, cancelled destructive. */
const STATUS_COLORS: Record<number, ChipProps['color']> = {
  [EVENT_STATUS.Live]: 'primary',
  [EVENT_STATUS.Draft]: 'default',
  [EVENT_STATUS.Cancelled]: 'error',
};

/** The events table (docs/product.md §2): search, the spec's columns, rows expanding to their sessions, and the dialogs
 * of events and sessions. */
export function EventList() {
  const { can, permissions } = useActions('events');
  const [remove] = useDelete();
  const reload = useReloadEvents();
  const notify = useNotify();
  const [dialog, setDialog] = useState<EventsDialog | null>(null);
  const [editingCapacity, editCapacity] = useState<number | null>(null);
  const close = () => setDialog(null);

  const screen: EventsScreen = {
    open: setDialog,
    // A notification, not a message above the table: the table does not move under the pointer.
    say: ({ text, severity, vanishAfterMs }) =>
      notify(text, { type: severity === 'error' ? 'error' : 'success', autoHideDuration: vanishAfterMs ?? null }),
    editingCapacity,
    editCapacity,
    canCreate: can('create'),
    canEdit: can('edit'),
    canDelete: can('delete'),
    canSeePeople: canAccess(permissions, 'registrations', 'list'),
    canDeleteRegistration: canAccess(permissions, 'registrations', 'delete'),
    canReadTemplates: canAccess(permissions, 'settings', 'list'),
    canSeeHistory: can('history'),
  };

  return (
    <EventsScreenContext.Provider value={screen}>
      <ResourceList
        resource="events"
        title="Eventos"
        searchPlaceholder="Buscar por título, descripción, ciudad o lugar"
        loadError="Error al cargar los eventos"
        // The API's order, the most recent first; paged, sorted and searched by the API (docs/domain.md, "Lists at
        // real sizes"): by title, price or date.
        sort={{ field: 'createdAt', order: 'DESC' }}
        paging={{ noun: 'eventos' }}
        create={
          screen.canCreate ? { label: 'Nuevo Evento', onClick: () => setDialog({ kind: 'create-event' }) } : undefined
        }
      >
        <DataTable<AdminEvent>
          rowClick={false}
          bulkActionButtons={false}
          expand={<SessionsPanel />}
          empty={<ListEmpty none="No hay eventos registrados" notFound="No se encontraron eventos" />}
          // Ten columns fit beside the sidebar on a 1280-pixel screen.
          sx={{ '& .MuiTableCell-root': { px: 1 } }}
        >
          <DataTable.Col<AdminEvent>
            label="Evento"
            source="title"
            render={(event) => (
              <Box sx={{ minWidth: 180, maxWidth: 300 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {event.title}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  ID: {event.id}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {descriptionPreview(event.description)}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col<AdminEvent>
            label="Ubicación"
            disableSort
            render={(event) => (
              <Box>
                <Typography variant="body2">{event.place}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {[event.address, event.city].filter(Boolean).join(', ')}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col<AdminEvent>
            label="Estado"
            disableSort
            render={(event) => (
              <Chip size="small" label={EVENT_STATUS_LABEL[event.status]} color={STATUS_COLORS[event.status]} />
            )}
          />
          <DataTable.Col<AdminEvent>
            label="Visibilidad"
            disableSort
            render={(event) => (event.isPublic ? 'Público' : 'Privado')}
          />
          <DataTable.NumberCol<AdminEvent> label="Capacidad total" source="totalCapacity" disableSort />
          <DataTable.NumberCol<AdminEvent> label="Máx. lista de espera" source="totalMaxQueueSpots" disableSort />
          <DataTable.Col<AdminEvent> label="Precio" source="price" render={(event) => formatPrice(event.price)} />
          <DataTable.Col<AdminEvent>
            label="Sesiones"
            disableSort
            render={(event) => <SessionsToggle event={event} />}
          />
          <DataTable.Col<AdminEvent> label="Acciones" disableSort render={(event) => <EventActions event={event} />} />
        </DataTable>
      </ResourceList>

      {/* Nothing drawn while a dialog's code arrives (a few kB, once): the dialog then opens as before. */}
      <Suspense fallback={null}>
        {(dialog?.kind === 'create-event' || dialog?.kind === 'edit-event') && (
          <EventForm event={dialog.kind === 'edit-event' ? dialog.event : undefined} onClose={close} />
        )}
        {dialog?.kind === 'delete-event' && (
          <Confirmation
            question={deleteEventQuestion(dialog.event.title, dialog.event.sessions?.length ?? 0)}
            onClose={close}
            onError={(error) => screen.say({ severity: 'error', text: errorText(error) })}
            onConfirm={async () => {
              await remove('events', { id: dialog.event.id, previousData: dialog.event }, { returnPromise: true });
              await reload();
              screen.say({
                severity: 'success',
                text: `Evento «${dialog.event.title}» eliminado`,
                vanishAfterMs: 3000,
              });
            }}
          />
        )}
        {(dialog?.kind === 'create-session' || dialog?.kind === 'edit-session') && (
          <SessionForm
            event={dialog.event}
            session={dialog.kind === 'edit-session' ? dialog.session : undefined}
            onClose={close}
          />
        )}
        {dialog?.kind === 'delete-session' && (
          <Confirmation
            question={`¿Eliminar la ${sessionName(dialog.session).toLowerCase()} de «${dialog.event.title}»? Esta acción no se puede deshacer.`}
            onClose={close}
            onError={(error) => screen.say({ severity: 'error', text: errorText(error) })}
            onConfirm={async () => {
              await remove(
                'sessions',
                { id: dialog.session.id, previousData: { ...dialog.session, eventId: dialog.event.id } },
                { returnPromise: true },
              );
              await reload();
              screen.say({
                severity: 'success',
                text: `${sessionName(dialog.session)} eliminada`,
                vanishAfterMs: 3000,
              });
            }}
          />
        )}
        {dialog?.kind === 'redistribute' && (
          <RedistributeDialog
            event={dialog.event}
            session={dialog.session}
            onClose={close}
            onDone={(text) => {
              close();
              screen.say({ severity: 'success', text, vanishAfterMs: 3000 });
            }}
          />
        )}
        {dialog?.kind === 'people' && (
          <SessionPeopleDialog event={dialog.event} session={dialog.session} onClose={close} />
        )}
        {dialog?.kind === 'notify' && (
          <NotificationDialog event={dialog.event} session={dialog.session} onClose={close} />
        )}
        {dialog?.kind === 'history' && (
          <EventHistoryDialog
            eventId={dialog.event.id}
            sessionId={dialog.session?.id}
            title={`Historial de ${dialog.session ? `la ${sessionName(dialog.session).toLowerCase()}` : dialog.event.title}`}
            onClose={close}
          />
        )}
      </Suspense>
    </EventsScreenContext.Provider>
  );
}

/** 'N sesiones': a real button (keyboard and screen readers) that opens the row like the table's arrow does. */
function SessionsToggle({ event }: { event: AdminEvent }) {
  const [expanded, toggle] = useExpanded('events', event.id);
  const count = event.sessions?.length ?? 0;
  return (
    <Button
      size="small"
      onClick={toggle}
      aria-expanded={expanded}
      aria-controls={`events-${event.id}-expand`}
      endIcon={
        <ExpandMoreIcon sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
      }
      sx={{ whiteSpace: 'nowrap' }}
    >
      {count === 1 ? '1 sesión' : `${count} sesiones`}
    </Button>
  );
}

function EventActions({ event }: { event: AdminEvent }) {
  const { open, canCreate, canEdit, canDelete, canSeeHistory } = useEventsScreen();
  return (
    <Stack direction="row" spacing={0.5}>
      {canSeeHistory && (
        <RowAction
          title="Historial"
          label={`Historial de ${event.title}`}
          icon={<HistoryIcon fontSize="small" />}
          onClick={() => open({ kind: 'history', event })}
        />
      )}
      {canCreate && (
        <RowAction
          title="Nueva sesión"
          label={`Nueva sesión de ${event.title}`}
          icon={<AddIcon fontSize="small" />}
          onClick={() => open({ kind: 'create-session', event })}
        />
      )}
      {canEdit && (
        <RowAction
          title="Enviar notificación"
          label={`Enviar notificación a ${event.title}`}
          icon={<CampaignIcon fontSize="small" />}
          onClick={() => open({ kind: 'notify', event })}
        />
      )}
      {canEdit && (
        <RowAction
          title="Editar"
          label={`Editar ${event.title}`}
          icon={<EditIcon fontSize="small" />}
          onClick={() => open({ kind: 'edit-event', event })}
        />
      )}
      {canDelete && (
        <RowAction
          title="Eliminar"
          label={`Eliminar ${event.title}`}
          icon={<DeleteIcon fontSize="small" />}
          onClick={() => open({ kind: 'delete-event', event })}
          danger
        />
      )}
    </Stack>
  );
}
