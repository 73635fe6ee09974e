import type { AdminRegistration } from '@evreg/contracts';
import { Box } from '@mui/material';
import { TextInput, useNotify, useUpdate } from 'react-admin';
import { FormDialog } from '../../common/FormDialog';
import { emailWith, requiredWith } from '../../common/validators';
import { EDIT_MESSAGES, namesEditField, serverErrorsText } from './rules';

/** 'Editar Registro' (docs/product.md §5): names, e-mail and DNI/NIE required, phone optional. A refusal of the server
 * about fields (a DNI/NIE that is not valid, the e-mail already registered in that session) is shown under those
 * fields (issue 23 §5); any other, its message in the dialog (docs/product.md §8). */
export function RegistrationEdit({ registration, onClose }: { registration: AdminRegistration; onClose: () => void }) {
  const [update] = useUpdate<AdminRegistration>();
  const notify = useNotify();

  async function save(values: Record<string, any>) {
    try {
      await update(
        'registrations',
        { id: registration.id, data: values, previousData: registration },
        { returnPromise: true },
      );
    } catch (error) {
      // FormDialog puts the server's texts under the fields it names.
      if (namesEditField(error)) throw error;
      throw new Error(serverErrorsText(error, 'Error al actualizar el registro'), { cause: error });
    }
    notify('Registro actualizado', { type: 'success' });
    onClose();
  }

  return (
    <FormDialog
      title="Editar Registro"
      submitLabel="Guardar Cambios"
      onClose={onClose}
      onSubmit={save}
      record={{ ...registration, telephoneNumber: registration.telephoneNumber ?? '' }}
    >
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextInput source="firstName" label="Nombre" validate={requiredWith(EDIT_MESSAGES.firstName)} fullWidth />
        <TextInput source="lastName" label="Apellidos" validate={requiredWith(EDIT_MESSAGES.lastName)} fullWidth />
      </Box>
      <TextInput
        source="email"
        label="Email"
        type="email"
        validate={[requiredWith(EDIT_MESSAGES.emailRequired), emailWith(EDIT_MESSAGES.emailInvalid)]}
        fullWidth
      />
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextInput source="userTaxId" label="DNI/NIE" validate={requiredWith(EDIT_MESSAGES.userTaxId)} fullWidth />
        <TextInput source="telephoneNumber" label="Teléfono (opcional)" type="tel" fullWidth />
      </Box>
    </FormDialog>
  );
}
