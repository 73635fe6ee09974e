import { useId, useState } from 'react';
import type { BlacklistEntry } from '@evreg/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { Form, FormDataConsumer, useUpdate } from 'react-admin';
import { useFormField } from '../../common/formField';
import { focusFirstField } from '../../common/focusFirstField';
import { serverErrorsText } from '../registrations/rules';
import { ReasonField, ExpiryField, DescriptionField } from './fields';
import { descriptionError, expiryError, expiryToSend, localDay, madridDay } from './rules';

/** The edit form's values. */
interface EditForm {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  blackListReason: BlacklistEntry['blackListReason'];
  blackListReasonDesc: string;
  /** 'YYYY-MM-DD' in Madrid's calendar. */
  expiresAt: string;
}

/** The rules of rules.ts for an edit: the expiry (an unchanged one is accepted, even when already passed) and the
 * description's length. */
function editErrors(form: EditForm, today: string, originalDay: string) {
  const errors: Partial<Record<keyof EditForm, string>> = {};
  const expiry = expiryError(form.expiresAt ?? '', today, originalDay);
  if (expiry) errors.expiresAt = expiry;
  const description = descriptionError(form.blackListReasonDesc ?? '');
  if (description) errors.blackListReasonDesc = description;
  return errors;
}

const asEditForm = (values: Record<string, unknown>) => values as unknown as EditForm;

/** 'Editar Entrada': reason, note, expiry, names and phone (the person's e-mail, event and session don't change;
 * editing sends no new notification). A react-admin `Form` with the rules of rules.ts as its `validate`: a message
 * shows once its field has been used and 'Guardar Cambios' stays disabled while any rule fails. An unchanged expiry
 * is kept as it is, even when already passed. */
export function BlacklistEdit({
  entry,
  onClose,
  onSaved,
}: {
  entry: BlacklistEntry;
  onClose: () => void;
  onSaved: () => void;
}) {
  const titleId = useId();
  const [update, { isPending: busy }] = useUpdate<BlacklistEntry>();
  const [today] = useState(() => localDay(new Date()));
  const originalDay = madridDay(entry.expiresAt);
  const [initial] = useState<EditForm>(() => ({
    firstName: entry.firstName,
    lastName: entry.lastName,
    phoneNumber: entry.phoneNumber ?? '',
    blackListReason: entry.blackListReason,
    blackListReasonDesc: entry.blackListReasonDesc ?? '',
    expiresAt: originalDay,
  }));
  const [failure, setFailure] = useState<string | null>(null);

  async function save(values: Record<string, unknown>) {
    const form = asEditForm(values);
    setFailure(null);
    try {
      await update(
        'blacklist',
        {
          id: entry.id,
          data: { ...form, expiresAt: expiryToSend(form.expiresAt, entry.expiresAt) },
          previousData: entry,
        },
        { returnPromise: true },
      );
      onSaved();
    } catch (error) {
      setFailure(serverErrorsText(error, 'Error al actualizar la entrada de la lista negra'));
    }
  }

  return (
    <Dialog
      open
      onClose={(_e, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Editar Entrada de la Lista Negra</DialogTitle>
      <Form
        record={{ id: entry.id, ...initial }}
        onSubmit={save}
        validate={(values) => editErrors(asEditForm(values), today, originalDay)}
        mode="all"
        noValidate
      >
        <DialogContent ref={focusFirstField} sx={{ '&&': { pt: 1 }, display: 'grid', gap: 2 }}>
          <DialogContentText>
            {entry.email}
            {entry.eventTitle ? ` · ${entry.eventTitle}` : ''}
          </DialogContentText>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
            <EntryText source="firstName" label="Nombre" />
            <EntryText source="lastName" label="Apellidos" />
            <EntryText source="phoneNumber" label="Teléfono (opcional)" type="tel" />
            <ReasonField />
          </Box>
          <ExpiryField />
          <DescriptionField source="blackListReasonDesc" />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancelar</Button>
          <FormDataConsumer>
            {({ formData }) => (
              <Button
                type="submit"
                variant="contained"
                disabled={busy || Object.keys(editErrors(asEditForm(formData), today, originalDay)).length > 0}
              >
                Guardar Cambios
              </Button>
            )}
          </FormDataConsumer>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** A text of the entry (names, phone), on the form. */
function EntryText({ source, label, type }: { source: keyof EditForm; label: string; type?: string }) {
  const field = useFormField<string>(source);
  return (
    <TextField
      label={label}
      type={type}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      error={!!field.error}
      helperText={field.error}
    />
  );
}
