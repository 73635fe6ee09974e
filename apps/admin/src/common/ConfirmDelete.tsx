import { useNotify } from 'react-admin';
import { ConfirmStep } from './ConfirmStep';

/** 'Confirmar Eliminación' before a delete; a refused delete closes it and shows the server's reason (as a
 * notification, or the screen's own way through `onError`). */
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
  return (
    <ConfirmStep
      title="Confirmar Eliminación"
      question={question}
      confirmLabel="Eliminar"
      cancelLabel="Cancelar"
      danger
      onConfirm={onConfirm}
      onClose={onClose}
      onError={(error) => {
        const message = error instanceof Error ? error.message : String(error);
        if (onError) onError(message);
        else notify(message, { type: 'error' });
      }}
    />
  );
}
