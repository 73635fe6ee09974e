import { useInput, type InputProps } from 'react-admin';
import { fieldErrorText } from './formField';
import { SecretField } from './SecretField';

/** SecretField as a react-admin input: a write-only secret of a `Form` (empty keeps the stored one). The form's
 * error, once shown, takes the place of the helper text. */
export function SecretInput({
  source,
  label,
  placeholder,
  helperText,
}: Pick<InputProps, 'source'> & { label: string; placeholder?: string; helperText: string }) {
  const { field, fieldState } = useInput({ source, parse: (value: string) => value, format: (value) => value ?? '' });
  const error = fieldState.invalid ? fieldErrorText(fieldState.error) : undefined;
  return (
    <SecretField
      {...field}
      label={label}
      placeholder={placeholder}
      error={!!error}
      helperText={error ?? helperText}
      fullWidth
    />
  );
}
