import { useState } from 'react';
import { Alert, Box } from '@mui/material';
import { Confirm } from 'react-admin';

/** A confirmation whose failure stays inside it: the dialog remains open with the server's reason (spec 8:
 * the log dialogs stay open when a delete fails), to be tried again or cancelled. */
export function ConfirmKeepOpen({
  title = 'Confirmar Eliminación',
  question,
  confirmLabel = 'Eliminar',
  onConfirm,
  onClose,
}: {
  title?: string;
  question: string;
  confirmLabel?: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Confirm
      isOpen
      loading={busy}
      title={title}
      content={
        <Box>
          <Box component="p" sx={{ mt: 0 }}>
            {question}
          </Box>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
        </Box>
      }
      confirm={confirmLabel}
      confirmColor="warning"
      cancel="Cancelar"
      onClose={onClose}
      onConfirm={async () => {
        setBusy(true);
        setFailure(null);
        try {
          await onConfirm();
          onClose();
        } catch (error) {
          setFailure(error instanceof Error ? error.message : String(error));
          setBusy(false);
        }
      }}
    />
  );
}
