import type { UpdateSmsSettingsRequest } from '@evreg/contracts';

export interface SmsSettingsForm {
  smsEnabled: boolean;
  senderName: string;
  netelipToken: string;
}

/** The PUT body: the token only when one was typed (docs/product.md §5: sent only if non-empty; empty keeps the stored one). */
export function smsRequestFromForm(form: SmsSettingsForm): UpdateSmsSettingsRequest {
  const body: UpdateSmsSettingsRequest = { smsEnabled: form.smsEnabled, senderName: form.senderName.trim() };
  const token = form.netelipToken.trim();
  if (token !== '') body.netelipToken = token;
  return body;
}

export const TOKEN_PLACEHOLDER_KEEP = 'Dejar vacío para mantener el token actual';
export const TOKEN_PLACEHOLDER_NEW = 'Token de la API de Netelip';
