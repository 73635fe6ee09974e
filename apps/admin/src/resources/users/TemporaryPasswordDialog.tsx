import { useState } from 'react';
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
  const [copied, setCopied] = useState<boolean | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <Dialog
      open
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby="temporary-password-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="temporary-password-title">Contraseña temporal</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Entrega esta contraseña a <strong>{email}</strong>. Solo se muestra ahora: deberá cambiarla al iniciar sesión.
        </DialogContentText>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            label="Contraseña temporal"
            value={password}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace', fontSize: '1.1rem' } } }}
            onFocus={(e) => e.target.select()}
          />
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy}>
            Copiar
          </Button>
        </Box>
        {copied !== null && (
          <Alert severity={copied ? 'success' : 'warning'} role="status" sx={{ mt: 2 }}>
            {copied ? 'Contraseña copiada al portapapeles' : 'No se pudo copiar: selecciónala y cópiala a mano'}
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
