import { MESSAGES, type Department, type Role, type User } from '@evreg/contracts';
import { Alert, Box } from '@mui/material';
import { SelectInput, TextInput, useGetList } from 'react-admin';
import { canAccess } from '../../access/routes';
import { emailWith, requiredWith } from '../../common/validators';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };

export const validateEmail = [requiredWith(MESSAGES.user.emailRequired), emailWith(MESSAGES.user.emailInvalid)];

/** E-mail, first and last name: the same on create and edit. */
export function PersonFields() {
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <TextInput source="email" label="Email" type="email" validate={validateEmail} fullWidth />
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
        <TextInput
          source="firstName"
          label="Nombre"
          validate={requiredWith(MESSAGES.user.firstNameRequired)}
          fullWidth
        />
        <TextInput
          source="lastName"
          label="Apellido"
          validate={requiredWith(MESSAGES.user.lastNameRequired)}
          fullWidth
        />
      </Box>
    </Box>
  );
}

/** Departments and roles to choose from, each read only with the permission to read it (a refused call
 * would sign the user out). */
export function useChoices(permissions: readonly string[]) {
  const canDepartments = canAccess(permissions, 'departments', 'list');
  const canRoles = canAccess(permissions, 'roles', 'list');
  const departments = useGetList<Department>('departments', ALL, { enabled: canDepartments });
  const roles = useGetList<Role>('roles', ALL, { enabled: canRoles });
  return { canDepartments, canRoles, departments: departments.data ?? [], roles: roles.data ?? [] };
}

export function DepartmentSelect({ choices, required }: { choices: Department[]; required: boolean }) {
  return (
    <SelectInput
      source="departmentId"
      label="Departamento"
      choices={choices}
      optionText="name"
      emptyText="Sin departamento"
      validate={required ? requiredWith(MESSAGES.user.departmentRequired) : undefined}
      fullWidth
    />
  );
}

export function MissingChoices({ what }: { what: string }) {
  return (
    <Alert severity="warning" sx={{ mb: 1 }}>
      No tienes permiso para ver {what}.
    </Alert>
  );
}

export function RoleSelect({ choices, required }: { choices: Role[]; required: boolean }) {
  return (
    <SelectInput
      source="roleId"
      label="Rol"
      choices={choices}
      optionText="name"
      emptyText="Sin rol"
      validate={required ? requiredWith(MESSAGES.user.roleRequired) : undefined}
      fullWidth
    />
  );
}

/** The id of the user's role among those listed (a user has one role: docs/domain.md, "Staff accounts"). */
export function currentRoleId(user: Pick<User, 'roles'>, roles: Role[]): string {
  return roles.find((role) => user.roles.includes(role.name))?.id ?? '';
}
