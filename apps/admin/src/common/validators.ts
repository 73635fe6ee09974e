import { isValidEmail } from '@evreg/contracts';

/** react-admin input validators that answer the spec's own texts. */
type Validator = (value: unknown, values?: Record<string, unknown>) => string | undefined;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value == null ? '' : String(value));

export const requiredWith =
  (message: string): Validator =>
  (value) =>
    text(value) === '' ? message : undefined;

export const emailWith =
  (message: string): Validator =>
  (value) =>
    text(value) !== '' && !isValidEmail(text(value)) ? message : undefined;

export const minLengthWith =
  (min: number, message: string): Validator =>
  (value) =>
    text(value) !== '' && text(value).length < min ? message : undefined;

export const lengthBetweenWith =
  (min: number, max: number, message: string): Validator =>
  (value) => {
    const length = text(value).length;
    return length !== 0 && (length < min || length > max) ? message : undefined;
  };
