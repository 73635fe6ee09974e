import { MESSAGES, type Permission, type Role } from '@evreg/contracts';
import { Alert } from '@mui/material';
import { TextInput, useCreate, useGetList, useNotify, useUpdate } from 'react-admin';
import { FormDialog } from '../../common/FormDialog';
import { requiredWith } from '../../common/validators';
import { PermissionPicker } from './PermissionPicker';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' as const } };

/** Create and edit dialog of a role. A system role keeps its name and permissions (the API refuses changes):
 * only its description is editable. */
export function RoleForm({ role, onClose }: { role?: Role; onClose: () => void }) {
  const [create] = useCreate<Role>();
  const [update] = useUpdate<Role>();
  const notify = useNotify();
  const { data: permissions = [], isPending } = useGetList<Permission>('permissions', ALL);
  const system = !!role?.isSystemRole;

  async function save(values: Record<string, any>) {
    if (role) await update('roles', { id: role.id, data: values, previousData: role }, { returnPromise: true });
    else await create('roles', { data: values }, { returnPromise: true });
    notify(role ? 'Rol actualizado' : 'Rol creado', { type: 'success' });
    onClose();
  }

  return (
    <FormDialog
      title={role ? 'Editar Rol' : 'Nuevo Rol'}
      submitLabel={role ? 'Guardar Cambios' : 'Crear Rol'}
      onClose={onClose}
      onSubmit={save}
      maxWidth="md"
      record={{
        name: role?.name ?? '',
        description: role?.description ?? '',
        permissionIds: role?.permissions.map((p) => p.id) ?? [],
      }}
    >
      {system && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Rol del sistema: su nombre y sus permisos no se pueden cambiar.
        </Alert>
      )}
      <TextInput
        source="name"
        label="Nombre del rol"
        validate={requiredWith(MESSAGES.role.nameRequired)}
        disabled={system}
        fullWidth
      />
      <TextInput source="description" label="Descripción" multiline minRows={2} fullWidth />
      {!isPending && <PermissionPicker permissions={permissions} disabled={system} />}
    </FormDialog>
  );
}
