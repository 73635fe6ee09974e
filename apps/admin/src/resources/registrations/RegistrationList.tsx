import { useState } from 'react';
import { REGISTRATION_STATUS, VISITOR_LANGUAGE_NAMES, type AdminRegistration } from '@evreg/contracts';
import CancelIcon from '@mui/icons-material/EventBusy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import HistoryIcon from '@mui/icons-material/History';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { DataTable, useDelete, useNotify, useUpdate } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { useLabelledRowCheckboxes } from '../../common/useLabelledRowCheckboxes';
import { ListEmpty } from '../../common/ListStates';
import { PrevNextPagination } from '../../common/PrevNextPagination';
import { ResourceList, RowAction } from '../../common/ResourceList';
import { useActions } from '../../common/useActions';
import { useCommand, useReload } from '../../common/useCommand';
import { RegistrationHistoryDialog } from '../history/HistoryDialogs';
import { RegistrationEdit } from './RegistrationEdit';
import { RegisteredAtCell } from './RegisteredAtCell';
import { ListBulkActions } from './bulk/BulkActions';
import { ExportExcelButton, REGISTRATION_FILTERS } from './RegistrationFilters';
import { emailBreaks, formatSessionInfo, isActive, isWaiting, origin, statusLabel } from './rules';

type Dialog = { kind: 'edit' | 'resend' | 'cancel' | 'delete' | 'history'; registration: AdminRegistration };

const personName = (r: AdminRegistration) => `${r.firstName} ${r.lastName}`.trim();

/** Registrations (docs/product.md §2; docs/domain.md, "Registros: finding and slicing people"): everyone registered,
 * cancelled or waiting, in the API's pages of 20 with page numbers, a search (debounced 500 ms) by name, e-mail,
 * DNI/NIE, phone, event or reference, filters by event, session, state and registration dates, sortable columns, the
 * filtered rows in Excel, and edit, resend e-mail, cancel (only active) and delete, each after a confirmation; a
 * selection's bulk actions (bulk/BulkActions.tsx).
 * Waiting entries show their position; they are managed in the waiting list's screen. */
export default function RegistrationList() {
  const { can } = useActions('registrations');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [remove] = useDelete<AdminRegistration>();
  const [update] = useUpdate<AdminRegistration & { message?: string }>();
  const command = useCommand();
  const reload = useReload();
  const notify = useNotify();
  const close = () => setDialog(null);
  useLabelledRowCheckboxes('registros');

  return (
    <div id="registros">
      <ResourceList
        resource="registrations"
        title="Registros"
        searchPlaceholder="Buscar por nombre, email, DNI/NIE, teléfono, evento o referencia"
        loadError="Error al cargar los registros"
        paging={{ noun: 'registros' }}
        sort={{ field: 'registeredAt', order: 'DESC' }}
        filters={REGISTRATION_FILTERS}
        actions={<ExportExcelButton />}
        pagination={<PrevNextPagination noun="registros" numbered />}
        syncWithLocation
      >
        <DataTable<AdminRegistration>
          rowClick={false}
          // A selection for the bulk actions (cancel, resend, notify, move, blacklist), for staff who may change them.
          bulkActionButtons={can('cancel') ? <ListBulkActions /> : false}
          bulkActionsToolbar={can('cancel') ? <ListBulkActions /> : undefined}
          empty={<ListEmpty none="No hay registros" notFound="No se encontraron registros" />}
          rowSx={(r) => ({ '& td': { color: isActive(r.status) ? 'text.primary' : 'text.secondary' } })}
        >
          <DataTable.Col<AdminRegistration>
            label="Persona"
            source="lastName"
            render={(r) => (
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {personName(r)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  DNI/NIE: {r.userTaxId} · Idioma: {VISITOR_LANGUAGE_NAMES[r.language ?? 'es']}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col<AdminRegistration>
            label="Contacto"
            source="email"
            render={(r) => (
              <Box sx={{ maxWidth: 280 }}>
                {/* Lines break before the '@' or a '.' of the domain, never inside a word (issue 23 §5). */}
                <Typography variant="body2" title={r.email} sx={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
                  {emailBreaks(r.email).map((part, i) => (
                    <span key={i}>
                      {i > 0 && <wbr />}
                      {part}
                    </span>
                  ))}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {r.telephoneNumber || 'Sin teléfono'}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col<AdminRegistration>
            label="Evento y sesión"
            source="eventTitle"
            render={(r) => (
              <Box>
                <Typography variant="body2">{r.eventTitle}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatSessionInfo(r.sessionInfo)}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col<AdminRegistration>
            label="Fecha Registro"
            source="registeredAt"
            render={(r) => <RegisteredAtCell person={r} />}
          />
          <DataTable.Col<AdminRegistration>
            label="Tipo"
            disableSort
            render={(r) => {
              if (isWaiting(r.status)) return <Chip label="Lista de espera" size="small" variant="outlined" />;
              const { who, spot } = origin(r.usesReservedSpot);
              return (
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Chip
                    label={who}
                    size="small"
                    variant="outlined"
                    color={r.usesReservedSpot ? 'secondary' : 'default'}
                  />
                  <Chip label={spot} size="small" variant="outlined" />
                </Stack>
              );
            }}
          />
          <DataTable.Col<AdminRegistration>
            label="Estado"
            source="status"
            render={(r) => (
              <Chip
                label={
                  isWaiting(r.status) && r.queuePosition
                    ? `En espera · posición ${r.queuePosition}`
                    : statusLabel(r.status)
                }
                size="small"
                color={isActive(r.status) ? 'success' : isWaiting(r.status) ? 'warning' : 'default'}
              />
            )}
          />
          <DataTable.Col<AdminRegistration>
            label="Acciones"
            disableSort
            render={(r) => (
              <Stack direction="row" spacing={0.5}>
                <RowAction
                  title="Historial"
                  label={`Historial de ${personName(r)}`}
                  icon={<HistoryIcon fontSize="small" />}
                  onClick={() => setDialog({ kind: 'history', registration: r })}
                />
                {can('edit') && !isWaiting(r.status) && (
                  <RowAction
                    title="Editar"
                    label={`Editar el registro de ${personName(r)}`}
                    icon={<EditIcon fontSize="small" />}
                    onClick={() => setDialog({ kind: 'edit', registration: r })}
                  />
                )}
                {can('resend') && isActive(r.status) && (
                  <RowAction
                    title="Reenviar email"
                    label={`Reenviar el email de ${personName(r)}`}
                    icon={<ForwardToInboxIcon fontSize="small" />}
                    onClick={() => setDialog({ kind: 'resend', registration: r })}
                  />
                )}
                {can('cancel') && isActive(r.status) && (
                  <RowAction
                    title="Cancelar registro"
                    label={`Cancelar el registro de ${personName(r)}`}
                    icon={<CancelIcon fontSize="small" />}
                    onClick={() => setDialog({ kind: 'cancel', registration: r })}
                  />
                )}
                {can('delete') && !isWaiting(r.status) && (
                  <RowAction
                    title="Eliminar"
                    label={`Eliminar el registro de ${personName(r)}`}
                    icon={<DeleteIcon fontSize="small" />}
                    onClick={() => setDialog({ kind: 'delete', registration: r })}
                    danger
                  />
                )}
              </Stack>
            )}
          />
        </DataTable>
      </ResourceList>

      {dialog?.kind === 'edit' && <RegistrationEdit registration={dialog.registration} onClose={close} />}
      {dialog?.kind === 'history' && <RegistrationHistoryDialog registration={dialog.registration} onClose={close} />}
      {dialog?.kind === 'resend' && (
        <Confirmation
          kind="action"
          title="Reenviar email"
          question={`¿Reenviar el email de confirmación a ${dialog.registration.email}?`}
          confirmLabel="Reenviar"
          onClose={close}
          onConfirm={async () => {
            // A new row in the e-mail log.
            const { message } = await command((p) => p.resendRegistrationEmail(dialog.registration.id), ['email-logs']);
            notify(message || 'Email reenviado', { type: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <Confirmation
          kind="action"
          title="Cancelar Registro"
          question={`¿Cancelar el registro de ${personName(dialog.registration)} en ${dialog.registration.eventTitle}? Se libera su plaza y se le avisa por email.`}
          confirmLabel="Cancelar registro"
          danger
          onClose={close}
          onConfirm={async () => {
            // The update of its state (POST .../cancel): the row says Cancelado; the list is read again, since the
            // freed seat may promote someone from the waiting list.
            const { message } = (await update(
              'registrations',
              {
                id: dialog.registration.id,
                data: { status: REGISTRATION_STATUS.Cancelled },
                previousData: dialog.registration,
              },
              { returnPromise: true },
            ))!;
            await reload(['registrations']);
            notify(message || 'Inscripción cancelada', { type: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <Confirmation
          question={`¿Eliminar el registro de ${personName(dialog.registration)} en ${dialog.registration.eventTitle}? Se libera su plaza. Esta acción no se puede deshacer.`}
          onClose={close}
          onConfirm={async () => {
            await remove(
              'registrations',
              { id: dialog.registration.id, previousData: dialog.registration },
              { returnPromise: true },
            );
            notify('Registro eliminado', { type: 'success' });
          }}
        />
      )}
    </div>
  );
}
