import { isValidEmail, MESSAGES, MIN_PASSWORD_LENGTH } from '@evreg/contracts';

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** docs/product.md §5, login: the first failing rule of each field. */
export function validateLogin({ email, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = MESSAGES.login.emailRequired;
  else if (!isValidEmail(email)) errors.email = MESSAGES.login.emailInvalid;
  if (!password) errors.password = MESSAGES.login.passwordRequired;
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = MESSAGES.login.passwordMin;
  return errors;
}
