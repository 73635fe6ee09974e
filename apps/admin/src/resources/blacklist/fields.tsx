import { BLACKLIST_DESCRIPTION_MAX, type BlacklistEntry } from '@evreg/contracts';
import { MenuItem, TextField } from '@mui/material';
import { useFormField } from '../../common/formField';
import { REASONS } from './rules';

/** The fields the block dialog and the edit dialog share, bound to their react-admin `Form`. */

/** 'Razón': the form's `blackListReason`. */
export function ReasonField() {
  const reason = useFormField<BlacklistEntry['blackListReason']>('blackListReason');
  return (
    <TextField
      select
      label="Razón"
      value={reason.value}
      onChange={(e) => reason.onChange(Number(e.target.value) as BlacklistEntry['blackListReason'])}
    >
      {REASONS.map((r) => (
        <MenuItem key={r.value} value={r.value}>
          {r.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** 'Fecha de expiración': the form's `expiresAt`, 'YYYY-MM-DD' in Madrid's calendar; `min` the first day allowed. */
export function ExpiryField({ min }: { min?: string }) {
  const expiresAt = useFormField<string>('expiresAt');
  return (
    <TextField
      type="date"
      label="Fecha de expiración"
      value={expiresAt.value ?? ''}
      onChange={(e) => expiresAt.onChange(e.target.value)}
      onBlur={expiresAt.onBlur}
      error={!!expiresAt.error}
      helperText={expiresAt.error ?? 'Bloqueada hasta el final de ese día'}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: min ? { min } : undefined }}
    />
  );
}

/** 'Descripción (opcional)' with its count of characters: the form's field named `source`. */
export function DescriptionField({ source }: { source: string }) {
  const description = useFormField<string>(source);
  const text = description.value ?? '';
  return (
    <TextField
      label="Descripción (opcional)"
      multiline
      minRows={2}
      value={text}
      onChange={(e) => description.onChange(e.target.value)}
      onBlur={description.onBlur}
      error={!!description.error}
      helperText={description.error ?? `${text.length}/${BLACKLIST_DESCRIPTION_MAX}`}
    />
  );
}
