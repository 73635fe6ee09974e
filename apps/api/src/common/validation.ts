import { ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError } from './app-error';

/** Spanish defaults for constraints whose decorator carries no message of its own. Each names the field. */
const SPANISH: Record<string, (field: string) => string> = {
  whitelistValidation: (f) => `El campo "${f}" no está permitido`,
  isDefined: (f) => `El campo "${f}" es requerido`,
  isNotEmpty: (f) => `El campo "${f}" es requerido`,
  isString: (f) => `El campo "${f}" debe ser un texto`,
  isInt: (f) => `El campo "${f}" debe ser un número entero`,
  isNumber: (f) => `El campo "${f}" debe ser un número`,
  isPositive: (f) => `El campo "${f}" debe ser mayor que 0`,
  min: (f) => `El campo "${f}" es demasiado pequeño`,
  max: (f) => `El campo "${f}" es demasiado grande`,
  isBoolean: (f) => `El campo "${f}" debe ser true o false`,
  isEmail: (f) => `El campo "${f}" debe ser un email válido`,
  isUUID: (f) => `El campo "${f}" debe ser un identificador válido`,
  isArray: (f) => `El campo "${f}" debe ser una lista`,
  arrayUnique: (f) => `El campo "${f}" no puede tener elementos repetidos`,
  arrayMaxSize: (f) => `El campo "${f}" tiene demasiados elementos`,
  maxLength: (f) => `El campo "${f}" es demasiado largo`,
  minLength: (f) => `El campo "${f}" es demasiado corto`,
  isDateString: (f) => `El campo "${f}" debe ser una fecha válida`,
  isISO8601: (f) => `El campo "${f}" debe ser una fecha válida`,
  isEnum: (f) => `El campo "${f}" tiene un valor no permitido`,
  isObject: (f) => `El campo "${f}" debe ser un objeto`,
  nestedValidation: (f) => `El campo "${f}" no es válido`,
};

// A missing value first, then a wrong type, then the rest (length, range...): the most useful message first.
const PRIORITY = ['whitelistValidation', 'isDefined', 'isNotEmpty', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isObject'];

/** class-validator's built-in messages are English: "<property> must ...", "each value in ...", "property ...". */
function isEnglishDefault(message: string): boolean {
  return /^(each value in )?\S+ (must|should) /.test(message) || message.startsWith('property ');
}

export function validationErrorsToMap(errors: ValidationError[], prefix = ''): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    // One message per field: "required" says more than "must be a string" for an absent value.
    const key = PRIORITY.find((k) => k in constraints) ?? Object.keys(constraints)[0];
    const raw = key ? constraints[key] : undefined;
    if (key && raw !== undefined) {
      map[field] = [isEnglishDefault(raw) ? (SPANISH[key] ?? SPANISH.nestedValidation)(field) : raw];
    }
    if (error.children?.length) Object.assign(map, validationErrorsToMap(error.children, field));
  }
  return map;
}

/** The global pipe: unknown fields refused, types checked, body turned into the DTO class. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => AppError.validation(validationErrorsToMap(errors)),
  });
}
