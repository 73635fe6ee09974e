import { MESSAGES, type CreateUserResponse } from '@evreg/contracts';
import { SelectInput, useCreate } from 'react-admin';
import { FormDialog } from '../../common/FormDialog';
import { requiredWith } from '../../common/validators';
import { DepartmentSelect, MissingChoices, PersonFields, useChoices } from './userFields';

/** 'Nuevo Usuario' (docs/product.md §2, 5): department and role required; the server answers the temporary password. */
export function UserCreate({
  permissions,
  onClose,
  onCreated,
}: {
  permissions: readonly string[];
  onClose: () => void;
  onCreated: (user: CreateUserResponse) => void;
}) {
  const [create] = useCreate();
  const { canDepartments, canRoles, departments, roles } = useChoices(permissions);

  async function save(values: Record<string, any>) {
    // The temporary password dialog that follows says it was created.
    onCreated((await create('users', { data: values }, { returnPromise: true })) as CreateUserResponse);
  }

  return (
    <FormDialog
      title="Nuevo Usuario"
      submitLabel="Crear Usuario"
      onClose={onClose}
      onSubmit={save}
      record={{ email: '', firstName: '', lastName: '', departmentId: '', roleId: '' }}
    >
      <PersonFields />
      {!canDepartments && <MissingChoices what="los departamentos" />}
      <DepartmentSelect choices={departments} required />
      {!canRoles && <MissingChoices what="los roles" />}
      <SelectInput
        source="roleId"
        label="Rol"
        choices={roles}
        optionText="name"
        validate={requiredWith(MESSAGES.user.roleRequired)}
        fullWidth
      />
    </FormDialog>
  );
}
