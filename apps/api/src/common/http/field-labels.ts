/** The Spanish name of the fields a visitor or staff fill in about a person (registration, hold), so that every
 * validation message names the field as the person sees it ('Nombre es demasiado largo (máximo 100 caracteres)'),
 * never the property. Other modules' DTOs carry their own Spanish messages; a property without a label is named
 * 'El campo "x"' (query parameters an integrator types, whose names are the API's). The
 * attendee's labels carry the words the booking page maps to its fields (docs/domain.md, "Rules as implemented").
 * `form` is the label's gender and number, for the adjective that follows (masculine singular unless said). */
type Form = 'ms' | 'mp' | 'fs' | 'fp';

const LABELS: Record<string, { label: string; form?: Form }> = {
  // A visitor's registration (the booking page) and staff's edit of it.
  firstName: { label: 'Nombre' },
  lastName: { label: 'Apellidos', form: 'mp' },
  email: { label: 'Correo electrónico' },
  confirmEmail: { label: 'Confirmar correo' },
  userTaxId: { label: 'DNI/NIE' },
  telephoneNumber: { label: 'Teléfono' },
  gdprConsent: { label: 'Consentimiento de privacidad' },
  eventSessionId: { label: 'Identificador de la sesión' },
  registrations: { label: 'Inscripciones', form: 'fp' },
  formData: { label: 'Datos de la persona', form: 'mp' },
  bypassValidation: { label: 'Omitir la comprobación del DNI/NIE', form: 'ms' },
  // A hold.
  sessionToken: { label: 'Token de sesión' },
  numberOfSpots: { label: 'Número de plazas' },
  userId: { label: 'Usuario' },
};

const ENDINGS: Record<Form, { verb: string; o: string }> = {
  ms: { verb: 'es', o: 'o' },
  mp: { verb: 'son', o: 'os' },
  fs: { verb: 'es', o: 'a' },
  fp: { verb: 'son', o: 'as' },
};

export interface FieldName {
  /** 'Nombre', or 'El campo "x"' for a property without a label. */
  label: string;
  /** 'es' or 'son'. */
  verb: string;
  plural: boolean;
  /** An adjective's agreeing form: `adjective('larg')` is 'largo', 'largos', 'larga' or 'largas'. */
  adjective: (stem: string) => string;
}

/** The field a message names: its label (the last segment of a path such as 'registrations.1.firstName'), or the
 * property itself in quotes when it has none. */
export function fieldName(path: string): FieldName {
  const property = path.split('.').pop() ?? path;
  const known = LABELS[property];
  const form = ENDINGS[known?.form ?? 'ms'];
  return {
    label: known ? known.label : `El campo "${path}"`,
    verb: form.verb,
    plural: form.verb === 'son',
    adjective: (stem) => `${stem}${form.o}`,
  };
}

/** '<Campo> es demasiado largo (máximo N caracteres)', agreeing with the label. */
export function tooLongMessage(path: string, max: number): string {
  const f = fieldName(path);
  return `${f.label} ${f.verb} demasiado ${f.adjective('larg')} (máximo ${max} caracteres)`;
}
