import { useId, useState, type ReactElement } from 'react';
import type { AdminEvent, Session } from '@evreg/contracts';
import AddIcon from '@mui/icons-material/Add';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import CampaignIcon from '@mui/icons-material/Campaign';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import LockIcon from '@mui/icons-material/Lock';
import TuneIcon from '@mui/icons-material/Tune';
import { Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useUpdate } from 'react-admin';
import { RowAction } from '../../common/ResourceList';
import { withReason } from '../../common/withReason';
import { CapacityEditor } from './CapacityEditor';
import { unusedReserved } from './capacityRules';
import { sessionWhen } from './eventFormat';
import { sessionName, useEventsScreen, useReloadEvents } from './eventsScreen';
import { usePrefetchSessionPeople } from './sessionPeople';

/** An event's row expanded: its sessions with their live counts, the two switches of each (registration and
 * promotion lock), the inline capacity edit and the session's actions (docs/product.md §2, Events screen). */
export function SessionsPanel() {
  const event = useRecordContext<AdminEvent>();
  const { open, canCreate } = useEventsScreen();
  const headingId = useId();
  if (!event) return null;
  const sessions = event.sessions ?? [];

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ py: 2, pl: { md: 2 }, contain: 'inline-size' }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 2, flexWrap: 'wrap' }}
      >
        <Typography id={headingId} component="h3" variant="subtitle2">
          Sesiones de «{event.title}»
        </Typography>
        {canCreate && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => open({ kind: 'create-session', event })}
          >
            Nueva Sesión
          </Button>
        )}
      </Stack>
      {sessions.length === 0 ? (
        <Typography color="text.secondary">Este evento no tiene sesiones.</Typography>
      ) : (
        // A wide session table scrolls inside the panel instead of widening the events table.
        <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>Sesión</TableCell>
                <TableCell align="right">Inscritos / Capacidad</TableCell>
                <TableCell align="right">Libres en línea</TableCell>
                <TableCell align="right">Reservadas usadas</TableCell>
                <TableCell align="right">Lista de espera</TableCell>
                <TableCell>Inscripciones</TableCell>
                <TableCell>Promoción</TableCell>
                <TableCell>Acciones</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sessions.map((session) => (
                <SessionRow key={session.id} event={event} session={session} />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

function SessionRow({ event, session }: { event: AdminEvent; session: Session }) {
  const { open, say, editingCapacity, editCapacity, canEdit, canDelete, canSeePeople, canSeeHistory } =
    useEventsScreen();
  const prefetchPeople = usePrefetchSessionPeople();
  const [update] = useUpdate<Session>();
  const reload = useReloadEvents();
  const editing = editingCapacity === session.id;
  const [busy, setBusy] = useState<'registration' | 'lock' | null>(null);
  const name = sessionName(session);

  async function toggle(which: 'registration' | 'lock') {
    setBusy(which);
    try {
      if (which === 'registration') {
        const data = { isRegistrationOpen: !session.isRegistrationOpen };
        await update(
          'sessions',
          { id: session.id, data, previousData: { ...session, eventId: event.id } },
          { returnPromise: true },
        );
        say({
          severity: 'success',
          text: `${name}: inscripciones ${session.isRegistrationOpen ? 'cerradas' : 'abiertas'}`,
          vanishAfterMs: 3000,
        });
      } else {
        const data = { isPromotionLocked: !session.isPromotionLocked };
        await update(
          'sessions',
          { id: session.id, data, previousData: { ...session, eventId: event.id } },
          { returnPromise: true },
        );
        say({
          severity: 'success',
          text: `${name}: promoción automática ${session.isPromotionLocked ? 'activada' : 'bloqueada'}`,
          vanishAfterMs: 3000,
        });
      }
      await reload();
    } catch (error) {
      say({
        severity: 'error',
        text: withReason('Error al actualizar las sesiones', error instanceof Error ? error.message : undefined),
      });
    } finally {
      setBusy(null);
    }
  }

  const unused = unusedReserved(session);
  return (
    <>
      <TableRow hover>
        <TableCell>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {sessionWhen(session)}
          </Typography>
        </TableCell>
        <TableCell align="right">
          {session.registeredCount} / {session.maxAttendees}
        </TableCell>
        <TableCell align="right">{session.availableSpots}</TableCell>
        <TableCell align="right">
          {session.usedReservedSpots} / {session.reservedSpots}
        </TableCell>
        <TableCell align="right">
          {session.currentQueueCount} / {session.maxQueueSpots}
        </TableCell>
        <TableCell>
          <StateToggle
            on={session.isRegistrationOpen}
            onText="Abierto"
            offText="Cerrado"
            action={`${session.isRegistrationOpen ? 'cerrar' : 'abrir'} inscripciones de la ${name.toLowerCase()}`}
            onColor="success"
            offColor="default"
            canChange={canEdit}
            busy={busy === 'registration'}
            onClick={() => toggle('registration')}
          />
        </TableCell>
        <TableCell>
          <StateToggle
            on={!session.isPromotionLocked}
            onText="Activo"
            offText="Bloqueado"
            action={`${session.isPromotionLocked ? 'activar' : 'bloquear'} la promoción automática de la ${name.toLowerCase()}`}
            onColor="success"
            offColor="default"
            offIcon={<LockIcon />}
            canChange={canEdit}
            busy={busy === 'lock'}
            onClick={() => toggle('lock')}
          />
        </TableCell>
        <TableCell>
          <Stack direction="row" spacing={0.5}>
            {canEdit && (
              <RowAction
                title="Editar capacidad"
                label={`Editar capacidad de la ${name.toLowerCase()}`}
                icon={<TuneIcon fontSize="small" />}
                onClick={() => editCapacity(editing ? null : session.id)}
              />
            )}
            {canEdit && unused > 0 && (
              <RowAction
                title="Redistribuir plazas reservadas"
                label={`Redistribuir plazas reservadas de la ${name.toLowerCase()}`}
                icon={<CallSplitIcon fontSize="small" />}
                onClick={() => open({ kind: 'redistribute', event, session })}
              />
            )}
            {canSeePeople && (
              <RowAction
                title="Personas inscritas"
                label={`Personas inscritas en la ${name.toLowerCase()}`}
                icon={<GroupIcon fontSize="small" />}
                onClick={() => {
                  void prefetchPeople(session.id);
                  open({ kind: 'people', event, session });
                }}
              />
            )}
            {canEdit && (
              <RowAction
                title="Enviar notificación"
                label={`Enviar notificación a la ${name.toLowerCase()}`}
                icon={<CampaignIcon fontSize="small" />}
                onClick={() => open({ kind: 'notify', event, session })}
              />
            )}
            {canEdit && (
              <RowAction
                title="Editar sesión"
                label={`Editar la ${name.toLowerCase()}`}
                icon={<EditIcon fontSize="small" />}
                onClick={() => open({ kind: 'edit-session', event, session })}
              />
            )}
            {canSeeHistory && (
              <RowAction
                title="Historial"
                label={`Historial de la ${name.toLowerCase()}`}
                icon={<HistoryIcon fontSize="small" />}
                onClick={() => open({ kind: 'history', event, session })}
              />
            )}
            {canDelete && (
              <RowAction
                title="Eliminar sesión"
                label={`Eliminar la ${name.toLowerCase()}`}
                icon={<DeleteIcon fontSize="small" />}
                onClick={() => open({ kind: 'delete-session', event, session })}
                danger
              />
            )}
          </Stack>
        </TableCell>
      </TableRow>
      {editing && (
        <TableRow>
          <TableCell colSpan={8} sx={{ bgcolor: 'action.hover' }}>
            <CapacityEditor
              event={event}
              session={session}
              onDone={(text) => {
                editCapacity(null);
                if (text) say({ severity: 'success', text, vanishAfterMs: 3000 });
              }}
            />
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** The state of a switch as a coloured label; with permission, a button that flips it. Its name starts with the
 * visible state and says what a press does ('Abierto: cerrar inscripciones de la sesión 12'). */
function StateToggle(props: {
  on: boolean;
  onText: string;
  offText: string;
  action: string;
  onColor: 'success';
  offColor: 'default';
  offIcon?: ReactElement;
  canChange: boolean;
  busy: boolean;
  onClick: () => void;
}) {
  const text = props.on ? props.onText : props.offText;
  const color = props.on ? props.onColor : props.offColor;
  const icon = props.on ? undefined : props.offIcon;
  if (!props.canChange) return <Chip size="small" label={text} color={color} icon={icon} variant="outlined" />;
  return (
    <Chip
      size="small"
      label={text}
      icon={icon}
      color={color}
      variant={props.on ? 'filled' : 'outlined'}
      aria-label={`${text}: ${props.action}`}
      title={props.action.charAt(0).toUpperCase() + props.action.slice(1)}
      disabled={props.busy}
      onClick={props.onClick}
      sx={{ minWidth: 88 }}
    />
  );
}
