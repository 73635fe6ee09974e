import { useMemo } from 'react';
import type { CreatedApiToken } from '@evreg/contracts';
import { HttpError, TextInput, useCreate } from 'react-admin';
import { FormDialog } from '../../common/FormDialog';
import { useActions } from '../../common/useActions';
import { PermissionPicker } from '../roles/PermissionPicker';
import type { TokenFormValues } from '../../providers/requests';
import { formErrors, pickablePermissions, tokenErrors } from './rules';

const SHRINK = { inputLabel: { shrink: true } };

/** 'Nuevo token de API': a name, the permissions (the roles screen's picker, offering only those the user holds)
 * and an optional expiry day. The answer, with the token, goes to the shown-once dialog. */
export function ApiTokenForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (token: CreatedApiToken) => void;
}) {
  const [create] = useCreate<CreatedApiToken>();
  const { permissions } = useActions('integrations');
  const offered = useMemo(() => pickablePermissions(permissions), [permissions]);

  async function save(values: Record<string, any>) {
    try {
      const created = await create('api-tokens', { data: values }, { returnPromise: true });
      if (created) onCreated(created);
    } catch (error) {
      // The API names `permissions` and `expiresAt`; the form's fields are the picker's and the day's.
      if (error instanceof HttpError && error.body?.errors)
        throw new HttpError(error.message, error.status, { ...error.body, errors: formErrors(error.body.errors) });
      throw error;
    }
  }

  return (
    <FormDialog
      title="Nuevo token de API"
      submitLabel="Crear token"
      onClose={onClose}
      onSubmit={save}
      validate={(values) => tokenErrors(values as TokenFormValues)}
      maxWidth="md"
      record={{ name: '', permissionIds: [], expiresOn: '' }}
    >
      <TextInput
        source="name"
        label="Nombre"
        helperText="Para reconocerlo: el programa o la integración que lo usará"
        fullWidth
      />
      <TextInput
        source="expiresOn"
        label="Caduca el"
        type="date"
        helperText="Opcional: sin fecha no caduca. Deja de funcionar al terminar ese día."
        slotProps={SHRINK}
      />
      <PermissionPicker permissions={offered} />
    </FormDialog>
  );
}
