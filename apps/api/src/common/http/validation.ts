import { ArgumentMetadata, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { MESSAGES } from '@evreg/contracts';
import { AppError } from './app-error';
import { fieldName, type FieldName } from './field-labels';
import { acceptFlatBody } from './flat-body';

/** Spanish defaults for constraints whose decorator carries no message of its own. Each names the field by its
 * Spanish label (field-labels.ts) and gives the limit where there is one, read from class-validator's English
 * text ('… must be shorter than or equal to 100 characters'). */
const SPANISH: Record<string, (field: string, english?: string) => string> = {
  whitelistValidation: (f) => `El campo "${f}" no está permitido`,
  isDefined: (f) => said(f, (n) => `${n.verb} ${n.adjective('requerid')}`),
  isNotEmpty: (f) => said(f, (n) => `${n.verb} ${n.adjective('requerid')}`),
  isString: (f) => said(f, () => `debe ser un texto`),
  isInt: (f) => said(f, () => `debe ser un número entero`),
  isNumber: (f) => said(f, () => `debe ser un número`),
  isPositive: (f) => said(f, () => `debe ser mayor que 0`),
  min: (f, english) => said(f, (n) => withLimit(`${n.verb} demasiado ${n.adjective('pequeñ')}`, 'mínimo', english)),
  max: (f, english) =>
    said(f, (n) => withLimit(`${n.verb} demasiado ${n.plural ? 'grandes' : 'grande'}`, 'máximo', english)),
  isBoolean: (f) => said(f, () => `debe ser true o false`),
  isEmail: (f) => said(f, () => `debe ser un email válido`),
  isUUID: (f) => said(f, () => `debe ser un identificador válido`),
  isArray: (f) => said(f, () => `debe ser una lista`),
  arrayUnique: (f) => said(f, () => `no puede tener elementos repetidos`),
  arrayMaxSize: (f, english) =>
    said(f, (n) => withLimit(`${n.plural ? 'tienen' : 'tiene'} demasiados elementos`, 'máximo', english)),
  maxLength: (f, english) =>
    said(f, (n) => withLimit(`${n.verb} demasiado ${n.adjective('larg')}`, 'máximo', english, ' caracteres')),
  minLength: (f, english) =>
    said(f, (n) => withLimit(`${n.verb} demasiado ${n.adjective('cort')}`, 'mínimo', english, ' caracteres')),
  isDateString: (f) => said(f, () => `debe ser una fecha válida`),
  isISO8601: (f) => said(f, () => `debe ser una fecha válida`),
  isEnum: (f) => said(f, (n) => `${n.plural ? 'tienen' : 'tiene'} un valor no permitido`),
  isObject: (f) => said(f, () => `debe ser un objeto`),
  nestedValidation: (f) => said(f, () => `debe ser un objeto`),
};

/** '<label> <what>', the label of the field's last path segment ('El campo "x"' when it has none). */
function said(field: string, what: (name: FieldName) => string): string {
  const name = fieldName(field);
  return `${name.label} ${what(name)}`;
}

/** The text with '(máximo N…)' when class-validator's English message gives the number. */
function withLimit(text: string, word: 'máximo' | 'mínimo', english: string | undefined, unit = ''): string {
  const limit = english && /(-?\d+(?:\.\d+)?)(?: characters| elements)?\s*$/.exec(english)?.[1];
  return limit ? `${text} (${word} ${limit}${unit})` : text;
}

/** Any other English default. */
const INVALID = (field: string) => said(field, (n) => `no ${n.verb} ${n.adjective('válid')}`);

// A missing value first, then a wrong type, then the rest (length, range...): the most useful message first.
const PRIORITY = [
  'whitelistValidation',
  'isDefined',
  'isNotEmpty',
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isArray',
  'isObject',
];

/** English texts of class-validator and Nest: "<property> must ...", "each value in nested property ... must be
 * either object or array", "property ... should not exist", "Validation failed (object is expected)". No
 * Spanish message of the product uses these words. */
function isEnglishDefault(message: string): boolean {
  return /\b(must|should|expected)\b|^property |^Validation failed/.test(message);
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
      map[field] = [isEnglishDefault(raw) ? (SPANISH[key] ?? INVALID)(field, raw) : raw];
    }
    if (error.children?.length) Object.assign(map, validationErrorsToMap(error.children, field));
  }
  return map;
}

/** PostgreSQL's int4: ids, counts and capacities are stored in it. */
const INT4 = { min: -2_147_483_648, max: 2_147_483_647 };

/** Fields that no column could store, found by walking a value (depth bounded by the JSON parser, see
 * JSON_LIMITS): a text with a NUL byte (PostgreSQL refuses it), or, with `integers`, an integer beyond int4.
 * `root` names the value itself (a query parameter's name, or the body). */
export function unstorableFields(
  value: unknown,
  options: { integers: boolean; root?: string },
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const pending: [string, object][] = [];
  // A field's path is built only for a container or a refusal: long lists of numbers stay cheap.
  const visit = (parent: string, key: string | number | null, item: unknown): void => {
    const path = () => (key === null ? '' : parent ? `${parent}.${key}` : String(key));
    if (typeof item === 'string') {
      if (item.includes('\u0000')) {
        const field = path() || options.root || 'body';
        errors[field] = [said(field, (n) => `${n.plural ? 'contienen' : 'contiene'} caracteres no permitidos`)];
      }
    } else if (typeof item === 'number') {
      if (options.integers && Number.isInteger(item) && (item > INT4.max || item < INT4.min)) {
        const field = path() || options.root || 'body';
        errors[field] = [(item > 0 ? SPANISH.max : SPANISH.min)(field)];
      }
    } else if (item !== null && typeof item === 'object' && !(item instanceof Date)) {
      pending.push([path(), item]);
    }
  };
  visit('', null, value);
  while (pending.length > 0) {
    const [path, container] = pending.pop()!;
    if (Array.isArray(container)) for (let i = 0; i < container.length; i++) visit(path, i, container[i]);
    else for (const key of Object.keys(container)) visit(path, key, (container as Record<string, unknown>)[key]);
  }
  return errors;
}

/** The global pipe: unknown fields refused, types checked, body turned into the DTO class. Before that, a body
 * that is not a JSON object and texts with a NUL byte (body, query, path) are refused; after it, integers beyond
 * int4 (body, query). Each refusal is a Spanish 400 naming the field (docs/domain.md, "Hostile and malformed
 * bodies"). */
class AppValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { type, data } = metadata;
    if (type !== 'body' && type !== 'query' && type !== 'param') return super.transform(value, metadata);
    // No body at all stays "no fields" (the DTO's rules say what is required); JSON null, a list, a text or a
    // number is no object of fields.
    if (
      type === 'body' &&
      !data &&
      this.toValidate(metadata) &&
      value !== undefined &&
      (value === null || typeof value !== 'object' || Array.isArray(value))
    ) {
      throw AppError.field('body', MESSAGES.generic.bodyNotObject);
    }
    const unstorable = unstorableFields(value, { integers: false, root: data });
    if (Object.keys(unstorable).length > 0) throw AppError.validation(unstorable);
    // An ordinary body of a flat class is checked with the class's own validators, without the pipe's generic
    // machinery; anything else, and every refusal, goes the whole way (docs/architecture.md, "A request").
    const flat =
      type === 'body' && metadata.metatype && this.toValidate(metadata)
        ? acceptFlatBody(metadata.metatype, value)
        : undefined;
    const result: unknown = flat ?? (await super.transform(value, metadata));
    // Path ids have their own pipe (IdParam) with its own message.
    if (type === 'param') return result;
    const outOfRange = unstorableFields(result, { integers: true, root: data });
    if (Object.keys(outOfRange).length > 0) throw AppError.validation(outOfRange);
    return result;
  }
}

/** The pipe's options, exported so the flat bodies' way can be tested against Nest's pipe with them. */
export const VALIDATION_OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  stopAtFirstError: false,
  validationError: { target: false, value: false },
  exceptionFactory: (errors) => AppError.validation(validationErrorsToMap(errors)),
};

export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe(VALIDATION_OPTIONS);
}
