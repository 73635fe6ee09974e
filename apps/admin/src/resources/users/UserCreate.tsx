import { MESSAGES, type CreateUserResponse } from '@evreg/contracts';
import { SelectInput, useDataProvider, useRefresh } from 'react-admin';
import { FormDialog } from '../../common/FormDialog';
import { requiredWith } from '../../common/validators';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { DepartmentSelect, MissingChoices, PersonFields, useChoices } from './userFields';

/** 'Nuevo Usuario' (spec 2, 5): department and role required; the server answers the temporary password. */
export function UserCreate({
  permissions,
  onClose,
  onCreated,
}: {
  permissions: readonly string[];
  onClose: () => void;
  onCreated: (user: CreateUserResponse) => void;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const { canDepartments, canRoles, departments, roles } = useChoices(permissions);

  async function save(values: Record<string, any>) {
    const { data } = await dataProvider.create('users', { data: values });
    refresh();
    onCreated(data as CreateUserResponse);
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
