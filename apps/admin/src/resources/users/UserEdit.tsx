import type { User } from '@evreg/contracts';
import { Box, TextField } from '@mui/material';
import { useMemo } from 'react';
import { BooleanInput, useNotify, useUpdate } from 'react-admin';
import { canAccess } from '../../access/routes';
import { FormDialog } from '../../common/FormDialog';
import { isLocked } from './userStatus';
import { currentRoleId, DepartmentSelect, MissingChoices, PersonFields, RoleSelect, useChoices } from './userFields';

/** 'Editar Usuario': person, department, the role (with Users.Update and the roles to choose from: a changed role
 * goes to POST /user/assign-role, the only way to reassign one, e.g. before deleting a role in use) and the account
 * flags of PUT /user/{id}. */
export function UserEdit({
  user,
  permissions,
  onClose,
}: {
  user: User;
  permissions: readonly string[];
  onClose: () => void;
}) {
  const [update] = useUpdate();
  const notify = useNotify();
  const { canDepartments, canRoles, departments, roles } = useChoices(permissions);
  const canChangeRole = canRoles && canAccess(permissions, 'users', 'edit');
  const roleId = currentRoleId(user, roles);

  // The switch shows whether the account is locked now, by staff or by failed sign-ins (the list's 'Bloqueado').
  const locked = isLocked(user);

  // The role's id once the roles have loaded (the form takes the new value).
  const record = useMemo(
    () => ({ ...user, departmentId: user.departmentId ?? '', lockoutEnabled: locked, roleId }),
    [user, locked, roleId],
  );

  async function save(values: Record<string, any>) {
    // Sent only when changed: saving a temporarily locked user untouched must not turn the lockout into a block.
    const { lockoutEnabled, roleId: chosenRole, ...rest } = values;
    const data = lockoutEnabled === locked ? rest : { ...rest, lockoutEnabled };
    // The role first: refused (the last administrator), nothing else is saved.
    if (canChangeRole && chosenRole && chosenRole !== roleId) {
      await update('users', { id: user.id, data: { roleId: chosenRole }, previousData: user }, { returnPromise: true });
    }
    await update('users', { id: user.id, data, previousData: user }, { returnPromise: true });
    notify('Usuario actualizado', { type: 'success' });
    onClose();
  }

  return (
    <FormDialog title="Editar Usuario" submitLabel="Guardar Cambios" onClose={onClose} onSubmit={save} record={record}>
      <PersonFields />
      {!canDepartments && <MissingChoices what="los departamentos" />}
      <DepartmentSelect
        choices={
          departments.length
            ? departments
            : user.departmentId
              ? [{ id: user.departmentId, name: user.departmentName ?? '' }]
              : []
        }
        required={false}
      />
      {canChangeRole ? (
        <RoleSelect choices={roles} required={!!roleId} />
      ) : (
        <TextField
          label="Rol"
          value={user.roles.join(', ') || 'Sin roles'}
          disabled
          fullWidth
          helperText={canRoles ? undefined : 'No tienes permiso para ver los roles'}
          sx={{ mb: 2 }}
        />
      )}
      <Box sx={{ display: 'grid' }}>
        <BooleanInput
          source="mustChangePassword"
          label="Debe cambiar la contraseña al iniciar sesión"
          helperText={false}
        />
        <BooleanInput source="emailConfirmed" label="Email confirmado" helperText={false} />
        <BooleanInput source="lockoutEnabled" label="Cuenta bloqueada" helperText={false} />
      </Box>
    </FormDialog>
  );
}
