import { useState, type ReactNode } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';

/** A secret the server shows once (a temporary password, an API token): the value read-only with a copy button,
 * what to do with it, and 'Entendido', after which it is gone. A click outside doesn't close it. */
export function ShownOnceDialog({
  id,
  title,
  label,
  value,
  children,
  copied: copiedText,
  onClose,
  large = false,
}: {
  id: string;
  title: string;
  /** The field's label. */
  label: string;
  value: string;
  /** What the person must do with it. */
  children: ReactNode;
  /** The two outcomes of the copy button. */
  copied: { done: string; failed: string };
  onClose: () => void;
  /** A larger font, for a short value read aloud or typed. */
  large?: boolean;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <Dialog
      open
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={id}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        {children}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            label={label}
            value={value}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                style: { fontFamily: 'monospace', ...(large ? { fontSize: '1.1rem' } : {}) },
              },
            }}
            onFocus={(e) => e.target.select()}
          />
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy}>
            Copiar
          </Button>
        </Box>
        {copied !== null && (
          <Alert severity={copied ? 'success' : 'warning'} role="status" sx={{ mt: 2 }}>
            {copied ? copiedText.done : copiedText.failed}
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
