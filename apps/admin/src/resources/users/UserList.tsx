import { useState } from 'react';
import type { User } from '@evreg/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { DataTable, useDelete, useGetIdentity, useNotify, useUpdate } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { formatDateTime, shortId } from '../../common/format';
import { ListEmpty } from '../../common/ListStates';
import { ResourceList, RowAction } from '../../common/ResourceList';
import { useActions } from '../../common/useActions';
import { fullName } from '../../providers/authProvider';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { STATUS_COLORS, isLocked, userStatus } from './userStatus';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: User }
  | { kind: 'reset'; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'password'; email: string; password: string };

/** Users (docs/product.md §2): search, the spec's columns (sorted by the API: user by last name, email, department,
 * date), pages of 20, and the actions the user's permissions allow (docs/product.md §6). The rows are the paged
 * list's: without permissions, which the screen doesn't show. */
export default function UserList() {
  const { can, permissions } = useActions('users');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [remove] = useDelete<User>();
  const [update] = useUpdate();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const close = () => setDialog(null);

  /** Lifts a block by staff and the lockout after failed sign-ins alike. */
  async function unlock(user: User) {
    try {
      await update('users', { id: user.id, data: { unlock: true }, previousData: user }, { returnPromise: true });
      notify(`Usuario ${user.email} desbloqueado`, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Error al desbloquear el usuario', { type: 'error' });
    }
  }

  return (
    <>
      <ResourceList
        resource="users"
        title="Usuarios"
        searchPlaceholder="Buscar por email, nombre o departamento"
        loadError="Error al cargar los usuarios. Por favor, intenta de nuevo."
        sort={{ field: 'createdAt', order: 'DESC' }}
        // Paged, sorted and searched by the API (docs/domain.md, "Lists at real sizes").
        paging={{ noun: 'usuarios' }}
        create={can('create') ? { label: 'Nuevo Usuario', onClick: () => setDialog({ kind: 'create' }) } : undefined}
      >
        <DataTable<User>
          rowClick={false}
          bulkActionButtons={false}
          empty={<ListEmpty none="No hay usuarios registrados" notFound="No se encontraron usuarios" />}
        >
          <DataTable.Col<User>
            label="Usuario"
            source="lastName"
            render={(user) => (
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {fullName(user) || 'No especificado'}
                </Typography>
                <Typography variant="caption" color="text.secondary" title={user.id}>
                  ID: {shortId(user.id)}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col<User> label="Email" source="email" render={(user) => <EmailText email={user.email} />} />
          <DataTable.Col<User>
            label="Departamento"
            source="departmentName"
            render={(user) => user.departmentName ?? 'No asignado'}
          />
          <DataTable.Col<User>
            label="Roles"
            disableSort
            render={(user) =>
              user.roles.length ? (
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {user.roles.map((role) => (
                    <Chip key={role} label={role} size="small" variant="outlined" />
                  ))}
                </Stack>
              ) : (
                'Sin roles'
              )
            }
          />
          <DataTable.Col<User>
            label="Estado"
            disableSort
            render={(user) => {
              const status = userStatus(user);
              return <Chip label={status} size="small" color={STATUS_COLORS[status]} />;
            }}
          />
          <DataTable.Col<User>
            label="Fecha Creación"
            source="createdAt"
            render={(user) => formatDateTime(user.createdAt)}
          />
          <DataTable.Col<User>
            label="Acciones"
            disableSort
            render={(user) => (
              <Stack direction="row" spacing={0.5}>
                {can('edit') && (
                  <RowAction
                    title="Editar"
                    label={`Editar ${user.email}`}
                    icon={<EditIcon fontSize="small" />}
                    onClick={() => setDialog({ kind: 'edit', user })}
                  />
                )}
                {can('edit') && isLocked(user) && (
                  <RowAction
                    title="Desbloquear"
                    label={`Desbloquear ${user.email}`}
                    icon={<LockOpenIcon fontSize="small" />}
                    onClick={() => void unlock(user)}
                  />
                )}
                {can('reset-password') && (
                  <RowAction
                    title="Restablecer contraseña"
                    label={`Restablecer contraseña de ${user.email}`}
                    icon={<LockResetIcon fontSize="small" />}
                    onClick={() => setDialog({ kind: 'reset', user })}
                  />
                )}
                {/* Nobody deletes their own user (the API refuses it too). */}
                {can('delete') && user.id !== identity?.id && (
                  <RowAction
                    title="Eliminar"
                    label={`Eliminar ${user.email}`}
                    icon={<DeleteIcon fontSize="small" />}
                    onClick={() => setDialog({ kind: 'delete', user })}
                    danger
                  />
                )}
              </Stack>
            )}
          />
        </DataTable>
      </ResourceList>

      {dialog?.kind === 'create' && (
        <UserCreate
          permissions={permissions}
          onClose={close}
          onCreated={(user) => setDialog({ kind: 'password', email: user.email, password: user.temporaryPassword })}
        />
      )}
      {dialog?.kind === 'edit' && <UserEdit user={dialog.user} permissions={permissions} onClose={close} />}
      {dialog?.kind === 'reset' && (
        <ResetPasswordDialog
          user={dialog.user}
          onClose={close}
          onReset={(answer) => {
            setDialog({ kind: 'password', email: dialog.user.email, password: answer.temporaryPassword });
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <Confirmation
          question={`¿Eliminar el usuario ${dialog.user.email}? Esta acción no se puede deshacer.`}
          onClose={close}
          onConfirm={async () => {
            await remove('users', { id: dialog.user.id, previousData: dialog.user }, { returnPromise: true });
            notify('Usuario eliminado', { type: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'password' && (
        <TemporaryPasswordDialog email={dialog.email} password={dialog.password} onClose={close} />
      )}
    </>
  );
}

/** A long address wraps after the @ rather than overflowing the table. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  return (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      {at < 0 ? (
        email
      ) : (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      )}
    </Box>
  );
}
