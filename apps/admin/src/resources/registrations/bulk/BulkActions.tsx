import { useId, useState, type ReactElement } from 'react';
import { type AdminRegistration, type BulkItemResult, type BulkResult, type Session } from '@evreg/contracts';
import CancelIcon from '@mui/icons-material/EventBusy';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import MoveIcon from '@mui/icons-material/DriveFileMove';
import NotifyIcon from '@mui/icons-material/Campaign';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Toolbar,
  Typography,
} from '@mui/material';
import { SelectInput, required, useGetList, useListContext } from 'react-admin';
import { Confirmation } from '../../../common/Confirmation';
import { FormDialog } from '../../../common/FormDialog';
import { useActions } from '../../../common/useActions';
import { useCommand } from '../../../common/useCommand';
import { WHOLE } from '../../../providers/dataProvider';
import { DescriptionField, ExpiryField, ReasonField } from '../../blacklist/fields';
import { addDays, expiryError, localDay } from '../../blacklist/rules';
import { sessionWhen } from '../../events/eventFormat';
import { sessionName } from '../../events/eventsScreen';
import { BulkNotifyDialog } from './BulkNotifyDialog';
import {
  bulkQuestion,
  bulkSummary,
  inscriptions,
  newActionKey,
  selectionProblem,
  singleEvent,
  type BulkKind,
} from './bulkRules';

/** What a bulk action changes, read again after it: the lists, the waiting list, the sessions' counts and the logs. */
const CHANGES = ['registrations', 'queue-management', 'events', 'sessions', 'email-logs', 'sms-logs', 'blacklist'];

interface Report {
  title: string;
  result: BulkResult;
}

/** The bulk actions on a selection of registrations (docs/product.md, "Bulk actions"), for Registros' DataTable and a
 * session's people: cancel, resend, notify, move (a selection of one event) and blacklist, each asking first with the
 * count, each needing its single action's permission, then the per-person report; closing it calls `onDone` (which
 * clears the selection). `ids` is the selection, `rows` those of it on screen (their names and events). */
export function BulkActions({
  ids,
  rows: selection,
  onDone,
}: {
  ids: number[];
  rows: AdminRegistration[];
  onDone: () => void;
}) {
  const registrations = useActions('registrations');
  const blacklist = useActions('blacklist');
  const events = useActions('events');
  const command = useCommand();
  const [open, setOpen] = useState<BulkKind | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  // One key per opened action: a double click or a retry of the same confirmation runs once.
  const [key, setKey] = useState(newActionKey);
  const problem = selectionProblem(ids.length);
  const eventId = selection.length === ids.length ? singleEvent(selection) : null;
  const close = () => setOpen(null);
  const start = (kind: BulkKind) => {
    setKey(newActionKey());
    setOpen(kind);
  };

  async function run(
    action: 'cancel' | 'resend-email' | 'move' | 'blacklist',
    title: string,
    extra: Record<string, unknown> = {},
  ) {
    const result = await command((p) => p.bulkRegistrations(action, { registrationIds: ids, ...extra }, key), CHANGES);
    setReport({ title, result });
  }

  const button = (kind: BulkKind, label: string, icon: ReactElement, disabled = false) => (
    <Button size="small" startIcon={icon} onClick={() => start(kind)} disabled={!!problem || disabled}>
      {label}
    </Button>
  );

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {problem && ids.length > 0 && <Typography color="error">{problem}</Typography>}
        {registrations.can('cancel') && button('cancel', 'Cancelar', <CancelIcon />)}
        {registrations.can('resend') && button('resend', 'Reenviar email', <ForwardToInboxIcon />)}
        {events.can('notify') && button('notify', 'Notificar', <NotifyIcon />)}
        {registrations.can('edit') && button('move', 'Mover de sesión', <MoveIcon />, eventId === null)}
        {blacklist.can('create') && button('blacklist', 'Lista negra', <PersonOffIcon />)}
      </Stack>

      {(open === 'cancel' || open === 'resend') && (
        <Confirmation
          kind="action"
          title={open === 'cancel' ? 'Cancelar inscripciones' : 'Reenviar email'}
          question={bulkQuestion(open, ids.length)}
          confirmLabel={open === 'cancel' ? 'Cancelar inscripciones' : 'Reenviar'}
          danger={open === 'cancel'}
          onClose={close}
          onConfirm={() =>
            open === 'cancel'
              ? run('cancel', 'Cancelar inscripciones')
              : run('resend-email', 'Reenviar email de confirmación')
          }
        />
      )}
      {open === 'move' && eventId !== null && (
        <MoveDialog
          eventId={eventId}
          count={ids.length}
          onClose={close}
          onMove={(targetSessionId) => run('move', 'Mover de sesión', { targetSessionId })}
        />
      )}
      {open === 'blacklist' && (
        <FormDialog
          title={`Añadir ${inscriptions(ids.length)} a la lista negra`}
          submitLabel="Añadir a la lista negra"
          record={{ blackListReason: 0, blackListReasonDesc: '', expiresAt: localDay(addDays(new Date(), 30)) }}
          validate={(values) => {
            const expiry = expiryError(String(values.expiresAt ?? ''), localDay(new Date()));
            return expiry ? { expiresAt: expiry } : {};
          }}
          onClose={close}
          onSubmit={async (values) => {
            await run('blacklist', 'Añadir a la lista negra', {
              blackListReason: values.blackListReason,
              blackListReasonDesc: values.blackListReasonDesc || null,
              expiresAt: values.expiresAt,
              notificationType: 1,
            });
            close();
          }}
        >
          <Stack spacing={2}>
            <ReasonField />
            <DescriptionField source="blackListReasonDesc" />
            <ExpiryField min={localDay(new Date())} />
            <Typography variant="body2" color="text.secondary">
              Se avisa a cada persona por email.
            </Typography>
          </Stack>
        </FormDialog>
      )}
      {open === 'notify' && (
        <BulkNotifyDialog
          ids={ids}
          actionKey={key}
          changes={CHANGES}
          onClose={(sent) => {
            close();
            if (sent) onDone();
          }}
        />
      )}
      {report && (
        <ReportDialog
          report={report}
          selection={selection}
          onClose={() => {
            setReport(null);
            onDone();
          }}
        />
      )}
    </>
  );
}

/** 'Mover de sesión': the other sessions of the selection's event. */
function MoveDialog({
  eventId,
  count,
  onClose,
  onMove,
}: {
  eventId: number;
  count: number;
  onClose: () => void;
  onMove: (targetSessionId: number) => Promise<void>;
}) {
  const sessions = useGetList<Session>('sessions', { ...WHOLE, filter: { eventId } });
  const choices = (sessions.data ?? []).map((s) => ({ id: s.id, name: `${sessionName(s)} · ${sessionWhen(s)}` }));
  return (
    <FormDialog
      title={`Mover ${inscriptions(count)} a otra sesión`}
      submitLabel="Mover"
      onClose={onClose}
      onSubmit={async (values) => {
        await onMove(Number(values.targetSessionId));
        onClose();
      }}
    >
      <SelectInput
        source="targetSessionId"
        label="Sesión de destino"
        choices={choices}
        isPending={sessions.isPending}
        validate={required('Elige la sesión de destino')}
        fullWidth
      />
      <Typography variant="body2" color="text.secondary">
        Con las plazas y la lista de espera de la sesión de destino; quien no quepa se queda donde está. Una persona y
        su acompañante se mueven juntas.
      </Typography>
    </FormDialog>
  );
}

/** The per-person report after an action: the headline, then each person done or not, with the reason. */
function ReportDialog({
  report,
  selection,
  onClose,
}: {
  report: Report;
  selection: AdminRegistration[];
  onClose: () => void;
}) {
  const titleId = useId();
  const names = new Map(selection.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
  // The server names everyone (people selected under another search, companions moved along) when the role may
  // see registrations; the rows on screen otherwise.
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Resultado: {report.title}</DialogTitle>
      <DialogContent>
        <Alert severity={report.result.skipped ? 'warning' : 'success'} sx={{ mb: 2 }} role="status">
          {bulkSummary(report.result)}
        </Alert>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell>Persona</TableCell>
              <TableCell>Resultado</TableCell>
              <TableCell>Motivo</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.result.items.map((item) => (
              <TableRow key={item.registrationId}>
                <TableCell>{personOf(item, names)}</TableCell>
                <TableCell>{item.status === 'done' ? 'Hecho' : 'No aplicado'}</TableCell>
                <TableCell>
                  {item.reason ?? (item.queuePosition ? `En lista de espera, posición ${item.queuePosition}` : '')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Who a report's line is about: the server's name, the row on screen, or the registration's number. */
function personOf(item: BulkItemResult, onScreen: Map<number, string>): string {
  return item.name ?? onScreen.get(item.registrationId) ?? `Inscripción ${item.registrationId}`;
}

/** Registros' bulk actions toolbar (DataTable `bulkActionsToolbar`), on the list's selection (react-admin's
 * `selectedIds`): a bar of its own above the table, since the list's content scrolls sideways and would clip
 * react-admin's toolbar, which floats over the filters. */
export function ListBulkActions() {
  const { selectedIds, data, onUnselectItems } = useListContext<AdminRegistration>();
  const ids = selectedIds as number[];
  if (!ids.length) return null;
  const rows = (data ?? []).filter((row) => ids.includes(row.id));
  return (
    <Toolbar variant="dense" sx={{ gap: 2, bgcolor: 'action.selected', borderRadius: 1, flexWrap: 'wrap' }}>
      <Typography sx={{ fontWeight: 600 }}>
        {ids.length === 1 ? '1 seleccionada' : `${ids.length} seleccionadas`}
      </Typography>
      <BulkActions ids={ids} rows={rows} onDone={() => onUnselectItems()} />
    </Toolbar>
  );
}
