import { useState } from 'react';
import { Confirm } from 'react-admin';

/** A confirmation before an action other than a delete (cancel a registration, resend an e-mail, promote,
 * erase a person's data): it closes once the action has answered and hands a failure to the screen, which
 * shows it outside (a message inside a closing dialog would be lost). */
export function ConfirmStep({
  title,
  question,
  confirmLabel,
  cancelLabel = 'Volver',
  danger = false,
  onConfirm,
  onClose,
  onError,
}: {
  title: string;
  question: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Confirm
      isOpen
      loading={busy}
      title={title}
      content={question}
      confirm={confirmLabel}
      confirmColor={danger ? 'warning' : 'primary'}
      cancel={cancelLabel}
      onClose={onClose}
      onConfirm={async () => {
        setBusy(true);
        try {
          await onConfirm();
          onClose();
        } catch (error) {
          onClose();
          onError(error);
        }
      }}
    />
  );
}
