import type { User } from '@evreg/contracts';
import { Box, TextField } from '@mui/material';
import { BooleanInput, useNotify, useUpdate } from 'react-admin';
import { FormDialog } from '../../common/FormDialog';
import { isLocked } from './userStatus';
import { DepartmentSelect, MissingChoices, PersonFields, useChoices } from './userFields';

/** 'Editar Usuario': the role is shown but not editable (docs/product.md §5); the account flags of PUT /user/{id}. */
export function UserEdit({
  user,
  permissions,
  onClose,
}: {
  user: User;
  permissions: readonly string[];
  onClose: () => void;
}) {
  const [update] = useUpdate<User>();
  const notify = useNotify();
  const { canDepartments, departments } = useChoices(permissions);

  // The switch shows whether the account is locked now, by staff or by failed sign-ins (the list's 'Bloqueado').
  const locked = isLocked(user);

  async function save(values: Record<string, any>) {
    // Sent only when changed: saving a temporarily locked user untouched must not turn the lockout into a block.
    const { lockoutEnabled, ...rest } = values;
    const data = lockoutEnabled === locked ? rest : { ...rest, lockoutEnabled };
    await update('users', { id: user.id, data, previousData: user }, { returnPromise: true });
    notify('Usuario actualizado', { type: 'success' });
    onClose();
  }

  return (
    <FormDialog
      title="Editar Usuario"
      submitLabel="Guardar Cambios"
      onClose={onClose}
      onSubmit={save}
      record={{ ...user, departmentId: user.departmentId ?? '', lockoutEnabled: locked }}
    >
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
      <TextField
        label="Rol"
        value={user.roles.join(', ') || 'Sin roles'}
        disabled
        fullWidth
        helperText="El rol no se cambia al editar"
        sx={{ mb: 2 }}
      />
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
