import { useInput } from 'react-admin';

/** The text of a react-admin form error: a form-level `validate` gives `{ message }` (react-admin's shape for
 * translatable messages), a submission error the text itself. Our texts are already in Spanish. */
export function fieldErrorText(error: { message?: unknown } | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (typeof message === 'string') return message;
  if (typeof message === 'object' && 'message' in message) return String((message as { message: unknown }).message);
  return String(message);
}

/** A field of a react-admin `Form` drawn by the screen itself (MUI controls, pickers): its value as stored (no
 * parsing), and its rule's message once the field has been used (changed or left) or the form submitted — the
 * spec's "a message shows once its field has been used", where react-admin's inputs wait for the field to be
 * left. */
export function useFormField<T>(source: string) {
  const { field, fieldState, formState } = useInput({
    source,
    parse: (value: T) => value,
    format: (value: T) => value,
  });
  const used = fieldState.isTouched || fieldState.isDirty || formState.isSubmitted;
  return {
    value: field.value as T,
    onChange: (value: T) => field.onChange(value),
    onBlur: field.onBlur,
    error: used ? fieldErrorText(fieldState.error) : undefined,
  };
}
