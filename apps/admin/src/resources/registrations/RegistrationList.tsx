import { useState } from 'react';
import { REGISTRATION_STATUS, type AdminRegistration } from '@evreg/contracts';
import CancelIcon from '@mui/icons-material/EventBusy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { DataTable, useDelete, useNotify, useUpdate } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { formatDateTime } from '../../common/format';
import { ListEmpty } from '../../common/ListStates';
import { ResourceList, RowAction } from '../../common/ResourceList';
import { useActions } from '../../common/useActions';
import { useCommand, useReload } from '../../common/useCommand';
import { RegistrationEdit } from './RegistrationEdit';
import { formatSessionInfo, isActive, origin, statusLabel } from './rules';

type Dialog = { kind: 'edit' | 'resend' | 'cancel' | 'delete'; registration: AdminRegistration };

const personName = (r: AdminRegistration) => `${r.firstName} ${r.lastName}`.trim();

/** Registrations (docs/product.md §2): the API's pages of 20, a search (debounced 500 ms) by name, e-mail, DNI/NIE or
 * event, and edit, resend e-mail, cancel (only active) and delete, each after a confirmation. */
export default function RegistrationList() {
  const { can } = useActions('registrations');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [remove] = useDelete<AdminRegistration>();
  const [update] = useUpdate<AdminRegistration & { message?: string }>();
  const command = useCommand();
  const reload = useReload();
  const notify = useNotify();
  const close = () => setDialog(null);

  return (
    <>
      <ResourceList
        resource="registrations"
        title="Registros"
        searchPlaceholder="Buscar por nombre, email, DNI/NIE o evento"
        loadError="Error al cargar los registros"
        paging={{ noun: 'registros' }}
      >
        <DataTable<AdminRegistration>
          rowClick={false}
          bulkActionButtons={false}
          empty={<ListEmpty none="No hay registros" notFound="No se encontraron registros" />}
          rowSx={(r) => ({ '& td': { color: isActive(r.status) ? 'text.primary' : 'text.secondary' } })}
        >
          <DataTable.Col<AdminRegistration>
            label="Persona"
            disableSort
            render={(r) => (
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {personName(r)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  DNI/NIE: {r.userTaxId}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col<AdminRegistration>
            label="Contacto"
            disableSort
            render={(r) => (
              <Box sx={{ overflowWrap: 'anywhere' }}>
                <Typography variant="body2">{r.email}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {r.telephoneNumber || 'Sin teléfono'}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col<AdminRegistration>
            label="Evento y sesión"
            disableSort
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
            disableSort
            render={(r) => formatDateTime(r.registeredAt)}
          />
          <DataTable.Col<AdminRegistration>
            label="Tipo"
            disableSort
            render={(r) => {
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
            disableSort
            render={(r) => (
              <Chip label={statusLabel(r.status)} size="small" color={isActive(r.status) ? 'success' : 'default'} />
            )}
          />
          <DataTable.Col<AdminRegistration>
            label="Acciones"
            disableSort
            render={(r) => (
              <Stack direction="row" spacing={0.5}>
                {can('edit') && (
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
                {can('delete') && (
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
    </>
  );
}
