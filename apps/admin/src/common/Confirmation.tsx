import { useRef, useState } from 'react';
import { Alert, Box } from '@mui/material';
import { Confirm, useNotify } from 'react-admin';
import { errorText } from './notifyError';

/** The back office's one confirmation: react-admin's `Confirm`, busy while the action runs, closed when it has
 * answered. A delete by default ('Confirmar Eliminación', 'Eliminar' in the warning colour, 'Cancelar');
 * `kind="action"` for anything else (cancel a registration, resend, promote, erase a person's data: the
 * screen's title and verb, 'Volver'). A failure is, by default, closed and notified with the server's reason;
 * `keepOpen` keeps the dialog open with the reason inside it (docs/product.md §8: the log deletes), to be tried again or
 * cancelled; `onError` hands it to the screen (e.g. a dialog underneath that shows it inside itself). */
export function Confirmation({
  kind = 'delete',
  title = kind === 'delete' ? 'Confirmar Eliminación' : '',
  question,
  confirmLabel = 'Eliminar',
  cancelLabel = kind === 'delete' ? 'Cancelar' : 'Volver',
  danger = kind === 'delete',
  keepOpen = false,
  onConfirm,
  onClose,
  onError,
}: {
  kind?: 'delete' | 'action';
  title?: string;
  question: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  keepOpen?: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  onError?: (error: unknown) => void;
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  // Set at once, unlike `busy`: a double click's second confirm (same tick) must not run the action again.
  const running = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Confirm
      isOpen
      loading={busy}
      title={title}
      content={
        keepOpen ? (
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
        ) : (
          question
        )
      }
      confirm={confirmLabel}
      confirmColor={danger ? 'warning' : 'primary'}
      cancel={cancelLabel}
      onClose={onClose}
      onConfirm={async () => {
        if (running.current) return;
        running.current = true;
        setBusy(true);
        setFailure(null);
        try {
          await onConfirm();
          onClose();
        } catch (error) {
          if (keepOpen) {
            setFailure(errorText(error));
            setBusy(false);
            running.current = false;
            return;
          }
          onClose();
          if (onError) onError(error);
          else notify(errorText(error), { type: 'error' });
        }
      }}
    />
  );
}
