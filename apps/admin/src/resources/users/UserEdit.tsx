import type { User } from '@evreg/contracts';
import { Box, TextField } from '@mui/material';
import { BooleanInput, useNotify, useUpdate } from 'react-admin';
import { FormDialog } from '../../common/FormDialog';
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

  async function save(values: Record<string, any>) {
    await update('users', { id: user.id, data: values, previousData: user }, { returnPromise: true });
    notify('Usuario actualizado', { type: 'success' });
    onClose();
  }

  return (
    <FormDialog
      title="Editar Usuario"
      submitLabel="Guardar Cambios"
      onClose={onClose}
      onSubmit={save}
      record={{ ...user, departmentId: user.departmentId ?? '' }}
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
