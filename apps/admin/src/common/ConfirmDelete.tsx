import { useState } from 'react';
import { Confirm, useNotify } from 'react-admin';

/** 'Confirmar Eliminación' before a delete; a refused delete closes it and shows the server's reason. */
export function ConfirmDelete({
  question,
  onConfirm,
  onClose,
  onError,
}: {
  question: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  /** Instead of the notification: the screen shows the failure its own way. */
  onError?: (message: string) => void;
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  return (
    <Confirm
      isOpen
      loading={busy}
      title="Confirmar Eliminación"
      content={question}
      confirm="Eliminar"
      confirmColor="warning"
      cancel="Cancelar"
      onClose={onClose}
      onConfirm={async () => {
        setBusy(true);
        try {
          await onConfirm();
          onClose();
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          // The dialog closes first: while it is open the rest of the page is hidden from screen readers.
          onClose();
          if (onError) onError(message);
          else notify(message, { type: 'error' });
        }
      }}
    />
  );
}
