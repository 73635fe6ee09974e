import { DialogContentText } from '@mui/material';
import { ShownOnceDialog } from '../../common/ShownOnceDialog';

/** The temporary password, shown once (docs/product.md §2): a copy button and 'Entendido', after which it is gone. */
export function TemporaryPasswordDialog({
  email,
  password,
  onClose,
}: {
  email: string;
  password: string;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      id="temporary-password-title"
      title="Contraseña temporal"
      label="Contraseña temporal"
      value={password}
      large
      copied={{
        done: 'Contraseña copiada al portapapeles',
        failed: 'No se pudo copiar: selecciónala y cópiala a mano',
      }}
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2 }}>
        Entrega esta contraseña a <strong>{email}</strong>. Solo se muestra ahora: deberá cambiarla al iniciar sesión.
      </DialogContentText>
    </ShownOnceDialog>
  );
}
