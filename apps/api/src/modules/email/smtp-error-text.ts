/** What a failed SMTP send means, in Spanish, for the e-mail log, the test e-mail's answer and every integrator
 * reading them (docs/domain.md, "SMTP and SMS errors"): the common causes explained, the server's own text kept
 * after 'Detalle:' for whoever has to dig further. Pure: unit tested in smtp-error-text.spec.ts. */

/** The fields nodemailer puts on its errors (code: ECONNECTION, ETIMEDOUT, ETLS, EAUTH, EENVELOPE…; the
 * socket's code, e.g. ECONNREFUSED, may only show in the message). */
interface SmtpErrorLike {
  message?: string;
  code?: string;
  responseCode?: number;
  command?: string;
}

const EXPLANATIONS = {
  refused: 'El servidor SMTP rechazó la conexión: compruebe el servidor y el puerto, y que el servidor esté en marcha',
  notFound: 'No se encontró el servidor SMTP: compruebe el nombre del servidor',
  timeout: 'El servidor SMTP no respondió a tiempo: compruebe el servidor, el puerto y que la red permita la conexión',
  tls: 'No se pudo establecer la conexión cifrada (TLS/STARTTLS) con el servidor SMTP: compruebe el puerto (465 con SSL, 587 con STARTTLS) y la opción SSL',
  auth: 'El servidor SMTP no aceptó el usuario o la contraseña: revise las credenciales en la configuración de email',
  recipient: 'El servidor SMTP rechazó la dirección del destinatario',
  sender: 'El servidor SMTP rechazó la dirección del remitente: compruebe el email del remitente',
  closed: 'El servidor SMTP cerró la conexión inesperadamente',
  other: 'El servidor SMTP rechazó el envío',
} as const;

/** The Spanish explanation of a failed send, or null when the cause is not one we recognise. */
export function smtpErrorExplanation(error: unknown): string | null {
  const e = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as SmtpErrorLike;
  const message = e.message ?? '';
  const code = e.code ?? '';
  if (/ECONNREFUSED/.test(message) || code === 'ECONNREFUSED') return EXPLANATIONS.refused;
  if (/ENOTFOUND|EAI_AGAIN/.test(message) || code === 'EDNS' || code === 'ENOTFOUND') return EXPLANATIONS.notFound;
  if (code === 'EAUTH' || e.responseCode === 535 || /Invalid login|authentication failed/i.test(message))
    return EXPLANATIONS.auth;
  if (code === 'ETLS' || /STARTTLS|TLS|SSL|certificate|wrong version number|self[- ]signed/i.test(message))
    return EXPLANATIONS.tls;
  if (code === 'ETIMEDOUT' || /timeout|timed out|Greeting never received/i.test(message)) return EXPLANATIONS.timeout;
  if (code === 'EENVELOPE' || /RCPT TO|Recipient|recipients were rejected/i.test(message))
    return e.command === 'MAIL FROM' || /MAIL FROM|Sender/i.test(message)
      ? EXPLANATIONS.sender
      : EXPLANATIONS.recipient;
  if (/ECONNRESET|Connection closed|EPIPE/i.test(message)) return EXPLANATIONS.closed;
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) return EXPLANATIONS.other;
  return null;
}

/** The text stored in the e-mail log and answered by the test e-mail: 'explicación (Detalle: texto del servidor)',
 * or the server's text alone when the cause is not recognised. At most 1000 characters. */
export function smtpErrorText(error: unknown): string {
  const raw = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  const explanation = smtpErrorExplanation(error);
  const text = explanation ? (raw ? `${explanation}. Detalle: ${raw}` : explanation) : raw;
  return text.slice(0, 1000) || 'Error desconocido';
}
