import type { WaitingEntry } from '@evreg/contracts';
import { MESSAGES } from '@evreg/contracts';
import { Box } from '@mui/material';
import { TextInput, useUpdate } from 'react-admin';
import { FormDialog } from '../../common/FormDialog';
import { emailWith, requiredWith } from '../../common/validators';

const b = MESSAGES.booking;

/** 'Editar Persona en Espera': names, e-mail, DNI/NIE (or the passport it was taken with) and phone; the
 * position does not change. The server's field errors (e.g. the e-mail already in the session) show per field. */
export function WaitingListEntryEdit({
  entry,
  onClose,
  onSaved,
}: {
  entry: WaitingEntry;
  onClose: () => void;
  onSaved: (entry: WaitingEntry) => void;
}) {
  const [update] = useUpdate<WaitingEntry>();

  async function save(values: Record<string, any>) {
    // useUpdate puts the server's answer in the waiting list's cache.
    onSaved(
      (await update('waiting-list', { id: entry.id, data: values, previousData: entry }, { returnPromise: true }))!,
    );
  }

  return (
    <FormDialog
      title="Editar Persona en Espera"
      submitLabel="Guardar Cambios"
      onClose={onClose}
      onSubmit={save}
      record={{ ...entry, phoneNumber: entry.phoneNumber ?? '' }}
    >
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextInput source="firstName" label="Nombre" validate={requiredWith(b.firstNameRequired)} fullWidth />
        <TextInput source="lastName" label="Apellidos" validate={requiredWith(b.lastNameRequired)} fullWidth />
      </Box>
      <TextInput
        source="email"
        label="Email"
        type="email"
        validate={[requiredWith(MESSAGES.user.emailRequired), emailWith(MESSAGES.user.emailInvalid)]}
        fullWidth
      />
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextInput source="userTaxId" label="DNI/NIE" validate={requiredWith(b.taxIdRequired)} fullWidth />
        <TextInput source="phoneNumber" label="Teléfono (opcional)" type="tel" fullWidth />
      </Box>
    </FormDialog>
  );
}
