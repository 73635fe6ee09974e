import { useState } from 'react';
import type { CreatedApiToken } from '@evreg/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
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

/** The new token, shown once (like a user's temporary password): a copy button, the warning, and 'Entendido',
 * after which it is gone (the API keeps only its hash). */
export function ApiTokenCreatedDialog({ token, onClose }: { token: CreatedApiToken; onClose: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <Dialog
      open
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby="api-token-created-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="api-token-created-title">Token de API creado</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copia ahora el token de <strong>{token.name}</strong> y guárdalo en el programa que lo usará: no se volverá a
          mostrar. Si se pierde, revócalo y crea otro.
        </Alert>
        <DialogContentText sx={{ mb: 2 }}>
          Se envía en cada petición como <code>Authorization: Bearer</code> seguido del token.
        </DialogContentText>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            label="Token de API"
            value={token.token}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
            onFocus={(e) => e.target.select()}
          />
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy}>
            Copiar
          </Button>
        </Box>
        {copied !== null && (
          <Alert severity={copied ? 'success' : 'warning'} role="status" sx={{ mt: 2 }}>
            {copied ? 'Token copiado al portapapeles' : 'No se pudo copiar: selecciónalo y cópialo a mano'}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Entendido
        </Button>
      </DialogActions>
    </Dialog>
  );
}
