import { MESSAGES, MIN_PASSWORD_LENGTH, type ResetPasswordResponse, type User } from '@evreg/contracts';
import { DialogContentText } from '@mui/material';
import { PasswordInput } from 'react-admin';
import { FormDialog } from '../../common/FormDialog';
import { minLengthWith } from '../../common/validators';
import { useCommand } from '../../common/useCommand';

/** docs/product.md §5: the new password is optional; empty means the server generates a temporary one. Either way the
 * user must change it at the next sign-in, and the dialog after this one shows it once. */
export function ResetPasswordDialog({
  user,
  onClose,
  onReset,
}: {
  user: User;
  onClose: () => void;
  onReset: (answer: ResetPasswordResponse) => void;
}) {
  const command = useCommand();

  async function save(values: Record<string, any>) {
    const password = typeof values.newPassword === 'string' ? values.newPassword : '';
    // The user's flags change (must change password): the users are read again.
    onReset(await command((p) => p.resetPassword(user.id, password || undefined), ['users']));
  }

  return (
    <FormDialog
      title="Restablecer Contraseña"
      submitLabel="Restablecer"
      onClose={onClose}
      onSubmit={save}
      record={{ newPassword: '' }}
    >
      <DialogContentText sx={{ mb: 2 }}>
        Restablecer la contraseña de <strong>{user.email}</strong>. Déjala vacía para generar una contraseña temporal.
        Deberá cambiarla al iniciar sesión.
      </DialogContentText>
      <PasswordInput
        source="newPassword"
        label="Nueva contraseña (opcional)"
        autoComplete="new-password"
        validate={minLengthWith(MIN_PASSWORD_LENGTH, MESSAGES.password.min)}
        fullWidth
      />
    </FormDialog>
  );
}
