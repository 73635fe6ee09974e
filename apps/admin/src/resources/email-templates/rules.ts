import {
  EMAIL_MESSAGES,
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_TYPES,
  type EmailTemplate,
  type EmailTemplateType,
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
  isActive: false,
};

/** The live template that saving this form would deactivate: the active one of the same type, when the form
 * activates a template that is not active yet (a new one, or an inactive one switched on). */
export function replacedTemplate<T extends { id: number | string; templateType: number; isActive: boolean }>(
  templates: readonly T[],
  form: Pick<TemplateForm, 'isActive' | 'templateType'>,
  current?: { id: number | string; isActive: boolean },
): T | undefined {
  if (form.isActive !== true || current?.isActive) return undefined;
  return templates.find((t) => t.isActive && t.templateType === form.templateType && t.id !== current?.id);
}

export function formFromTemplate(template: EmailTemplate): TemplateForm {
  return {
    name: template.name,
    subject: template.subject,
    htmlContent: template.htmlContent,
    plainTextContent: template.plainTextContent ?? '',
    templateType: template.templateType,
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
