import { isPlausiblePhone, isValidEmail, isValidPersonName } from '@evreg/contracts';
import { ValidationOptions, registerDecorator } from 'class-validator';

/** The product's e-mail rule (libs/contracts), the same one the apps apply. */
export function IsEmailAddress(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isEmailAddress',
      target: object.constructor,
      propertyName,
      options,
      validator: { validate: (value: unknown) => typeof value === 'string' && isValidEmail(value) },
    });
}

/** The product's phone rule (libs/contracts): optional + or 00, 9 to 15 digits, common separators. */
export function IsPhoneNumber(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isPhoneNumber',
      target: object.constructor,
      propertyName,
      options,
      validator: { validate: (value: unknown) => typeof value === 'string' && isPlausiblePhone(value) },
    });
}

/** A person's first or last name (libs/contracts): one line, no control characters, something visible. Only
 * texts are judged: a missing or non-text value is for the field's other rules. */
export function IsPersonName(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isPersonName',
      target: object.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || value.trim() === '' || isValidPersonName(value),
      },
    });
}
