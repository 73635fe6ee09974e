import {
  EMAIL_MESSAGES,
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_TYPES,
  LANGUAGE_CHIP,
  VISITOR_LANGUAGES,
  VISITOR_LANGUAGE_NAMES,
  type EmailTemplate,
  type EmailTemplateType,
  type VisitorLanguage,
} from '@evreg/contracts';
import type { TemplateForm } from '../../providers/requests';

/** docs/product.md §5: name, subject and HTML content required; the type required on create (on edit it is fixed). */
export const TEMPLATE_MESSAGES = {
  name: EMAIL_MESSAGES.nameRequired,
  subject: EMAIL_MESSAGES.subjectRequired,
  htmlContent: EMAIL_MESSAGES.htmlRequired,
  templateType: 'El tipo de plantilla es requerido',
} as const;

export function templateErrors(
  form: Partial<TemplateForm>,
  creating: boolean,
): Partial<Record<keyof TemplateForm, string>> {
  const errors: Partial<Record<keyof TemplateForm, string>> = {};
  if (!form.name?.trim()) errors.name = TEMPLATE_MESSAGES.name;
  if (!form.subject?.trim()) errors.subject = TEMPLATE_MESSAGES.subject;
  if (!form.htmlContent?.trim()) errors.htmlContent = TEMPLATE_MESSAGES.htmlContent;
  if (creating && !isTemplateType(form.templateType)) errors.templateType = TEMPLATE_MESSAGES.templateType;
  return errors;
}

export function isTemplateType(value: unknown): value is EmailTemplateType {
  return value === 0 || value === 1 || value === 2;
}

/** Defaults of a new template: inactive (the server's default too: it does not replace the live one of its type
 * until someone activates it, after a confirmation), no type chosen yet. */
export const NEW_TEMPLATE: TemplateForm = {
  name: '',
  subject: '',
  htmlContent: '',
  plainTextContent: '',
  templateType: null,
  language: 'es',
  isActive: false,
};

/** The live template that saving this form would deactivate: the active one of the same type and language, when the form
 * activates a template that is not active yet (a new one, or an inactive one switched on). */
export function replacedTemplate<
  T extends { id: number | string; templateType: number; language?: string; isActive: boolean },
>(
  templates: readonly T[],
  form: Pick<TemplateForm, 'isActive' | 'templateType' | 'language'>,
  current?: { id: number | string; isActive: boolean },
): T | undefined {
  if (form.isActive !== true || current?.isActive) return undefined;
  const language = form.language ?? 'es';
  return templates.find(
    (t) =>
      t.isActive && t.templateType === form.templateType && (t.language ?? 'es') === language && t.id !== current?.id,
  );
}

/** A type's languages (docs/domain.md, "Idiomas: datos"): for each of es, ca, eu, gl, en, its active template
 * (the one sent to people who booked in it), else any other template in that language, else none (they get the
 * Spanish one). */
export function typeLanguages<T extends { templateType: number; language?: string; isActive: boolean }>(
  templates: readonly T[],
  type: number,
): { language: VisitorLanguage; chip: string; name: string; template: T | undefined; active: boolean }[] {
  return VISITOR_LANGUAGES.map((language) => {
    const mine = templates.filter((t) => t.templateType === type && (t.language ?? 'es') === language);
    const template = mine.find((t) => t.isActive) ?? mine[0];
    return {
      language,
      chip: LANGUAGE_CHIP[language],
      name: VISITOR_LANGUAGE_NAMES[language],
      template,
      active: template?.isActive === true,
    };
  });
}

export function formFromTemplate(template: EmailTemplate): TemplateForm {
  return {
    name: template.name,
    subject: template.subject,
    htmlContent: template.htmlContent,
    plainTextContent: template.plainTextContent ?? '',
    templateType: template.templateType,
    language: template.language,
    isActive: template.isActive,
  };
}

/** The Spanish label of a type (from the server's list when loaded, else the contract's). */
export function templateTypeLabel(
  type: number,
  options: readonly { value: number; label: string }[] = EMAIL_TEMPLATE_TYPES,
): string {
  return (
    options.find((o) => o.value === type)?.label ??
    EMAIL_TEMPLATE_TYPES.find((o) => o.value === type)?.label ??
    String(type)
  );
}

/** What each placeholder holds, for the help shown next to the form (docs/product.md §3: the ten placeholders). */
export const PLACEHOLDER_HELP: Record<(typeof EMAIL_PLACEHOLDERS)[number], string> = {
  firstName: 'Nombre de la persona',
  eventTitle: 'Título del evento',
  eventDate: 'Fecha de la sesión (sábado, 20 de junio de 2026)',
  eventTime: 'Hora de inicio (18:00)',
  eventEndTime: 'Hora de fin (19:30)',
  eventTimeRange: 'Horario (18:00 - 19:30)',
  eventDateTime: 'Fecha y hora de inicio',
  cancellationUrl: 'Enlace para cancelar la inscripción',
  queuePosition: 'Posición en la lista de espera',
  address: 'Lugar, dirección y ciudad',
  bookingReference: 'Referencia de la reserva (R-000123)',
  organizerName: 'Organizador del evento',
  organizerContact: 'Email, teléfono y web del organizador (los que tenga)',
  ticketCode: 'Código de la entrada, en texto (solo con la plaza confirmada)',
  ticketQr: 'Código QR de la entrada, como imagen (solo con la plaza confirmada)',
};

export const placeholderToken = (name: string) => `{{${name}}}`;
