import { useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, type DialogProps } from '@mui/material';
import { Form, HttpError, SaveButton, type RaRecord, type ValidateForm } from 'react-admin';
import { focusFirstField } from './focusFirstField';

export type SubmitResult = Record<string, unknown> | undefined | void;

/** A create/edit dialog on react-admin's Form: the inputs validate with the spec's texts (or the form with
 * `validate`, the screen's tested rules), the server's field errors land under their fields, any other failure
 * shows the server's message in the dialog. */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  record,
  submitLabel,
  children,
  maxWidth = 'sm',
  validate,
}: {
  title: string;
  onClose: () => void;
  onSubmit: (values: Record<string, any>) => Promise<void>;
  record?: Partial<RaRecord>;
  submitLabel: string;
  children: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  validate?: ValidateForm;
}) {
  const titleId = useId();
  const [failure, setFailure] = useState<string | null>(null);

  // Set at once, unlike state: a double click's second submit (same tick) must not send the request again.
  const submitting = useRef(false);

  async function submit(values: Record<string, any>): Promise<SubmitResult> {
    if (submitting.current) return;
    submitting.current = true;
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const fieldErrors =
        error instanceof HttpError ? (error.body?.errors as Record<string, unknown> | undefined) : undefined;
      if (fieldErrors) return fieldErrors;
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      submitting.current = false;
    }
  }

  return (
    <Dialog
      open
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
    >
      <Form record={record} onSubmit={submit} validate={validate} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {/* The top padding keeps the first field's floating label visible under the title. */}
        <DialogContent ref={focusFirstField} sx={{ '&&': { pt: 1 } }}>
          {/* Inside the dialog: while it is open, a notification outside it would be hidden from screen readers. */}
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancelar</Button>
          <SaveButton label={submitLabel} alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
