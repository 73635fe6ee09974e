import type { CreatedApiToken } from '@evreg/contracts';
import { Alert, DialogContentText } from '@mui/material';
import { ShownOnceDialog } from '../../common/ShownOnceDialog';

/** The new token, shown once (like a user's temporary password): a copy button, the warning, and 'Entendido',
 * after which it is gone (the API keeps only its hash). */
export function ApiTokenCreatedDialog({ token, onClose }: { token: CreatedApiToken; onClose: () => void }) {
  return (
    <ShownOnceDialog
      id="api-token-created-title"
      title="Token de API creado"
      label="Token de API"
      value={token.token}
      copied={{ done: 'Token copiado al portapapeles', failed: 'No se pudo copiar: selecciónalo y cópialo a mano' }}
      onClose={onClose}
    >
      <Alert severity="warning" sx={{ mb: 2 }}>
        Copia ahora el token de <strong>{token.name}</strong> y guárdalo en el programa que lo usará: no se volverá a
        mostrar. Si se pierde, revócalo y crea otro.
      </Alert>
      <DialogContentText sx={{ mb: 2 }}>
        Se envía en cada petición como <code>Authorization: Bearer</code> seguido del token.
      </DialogContentText>
    </ShownOnceDialog>
  );
}
