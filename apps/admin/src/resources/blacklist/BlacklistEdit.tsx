import { useId, useState } from 'react';
import { BLACKLIST_DESCRIPTION_MAX, type BlacklistEntry } from '@evreg/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useUpdate } from 'react-admin';
import { serverErrorsText } from '../registrations/rules';
import { REASONS, descriptionError, expiryError, expiryToSend, localDay, madridDay } from './rules';
import { focusFirstField } from '../../common/focusFirstField';

/** 'Editar Entrada': reason, note, expiry, names and phone (the person's e-mail, event and session don't change;
 * editing sends no new notification). An unchanged expiry is kept as it is, even when already passed. */
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
  const [update] = useUpdate<BlacklistEntry>();
  const originalDay = madridDay(entry.expiresAt);
  const [values, setValues] = useState({
    firstName: entry.firstName,
    lastName: entry.lastName,
    phoneNumber: entry.phoneNumber ?? '',
    blackListReason: entry.blackListReason,
    blackListReasonDesc: entry.blackListReasonDesc ?? '',
    expiresAt: originalDay,
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = {
    expiresAt: expiryError(values.expiresAt, localDay(new Date()), originalDay),
    blackListReasonDesc: descriptionError(values.blackListReasonDesc),
  };
  const invalid = Object.values(errors).some(Boolean);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  async function save() {
    setBusy(true);
    setFailure(null);
    try {
      await update(
        'blacklist',
        {
          id: entry.id,
          data: { ...values, expiresAt: expiryToSend(values.expiresAt, entry.expiresAt) },
          previousData: entry,
        },
        { returnPromise: true },
      );
      onSaved();
    } catch (error) {
      setFailure(serverErrorsText(error, 'Error al actualizar la entrada de la lista negra'));
      setBusy(false);
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
          <TextField label="Nombre" value={values.firstName} onChange={(e) => set('firstName', e.target.value)} />
          <TextField label="Apellidos" value={values.lastName} onChange={(e) => set('lastName', e.target.value)} />
          <TextField
            label="Teléfono (opcional)"
            type="tel"
            value={values.phoneNumber}
            onChange={(e) => set('phoneNumber', e.target.value)}
          />
          <TextField
            select
            label="Razón"
            value={values.blackListReason}
            onChange={(e) => set('blackListReason', Number(e.target.value) as BlacklistEntry['blackListReason'])}
          >
            {REASONS.map((r) => (
              <MenuItem key={r.value} value={r.value}>
                {r.label}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <TextField
          type="date"
          label="Fecha de expiración"
          value={values.expiresAt}
          onChange={(e) => set('expiresAt', e.target.value)}
          error={!!errors.expiresAt}
          helperText={errors.expiresAt ?? 'Bloqueada hasta el final de ese día'}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Descripción (opcional)"
          multiline
          minRows={2}
          value={values.blackListReasonDesc}
          onChange={(e) => set('blackListReasonDesc', e.target.value)}
          error={!!errors.blackListReasonDesc}
          helperText={errors.blackListReasonDesc ?? `${values.blackListReasonDesc.length}/${BLACKLIST_DESCRIPTION_MAX}`}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={save} disabled={busy || invalid}>
          Guardar Cambios
        </Button>
      </DialogActions>
    </Dialog>
  );
}
