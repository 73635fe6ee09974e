/** Why Netelip could not be reached, in Spanish, with the network's own code as a detail (docs/domain.md, "SMTP
 * and SMS errors"). Netelip's status codes are explained by netelip.client.ts (REFUSALS). Pure: unit tested. */
const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'conexión rechazada',
  ECONNRESET: 'la conexión se cortó',
  ENOTFOUND: 'no se encontró el servidor',
  EAI_AGAIN: 'no se pudo resolver el nombre del servidor',
  ETIMEDOUT: 'no respondió a tiempo',
  UND_ERR_CONNECT_TIMEOUT: 'no respondió a tiempo',
  UND_ERR_SOCKET: 'la conexión se cortó',
  CERT_HAS_EXPIRED: 'el certificado del servidor ha caducado',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'el certificado del servidor no es de confianza',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'el certificado del servidor no es de confianza',
};

/** 'conexión rechazada (ECONNREFUSED)'; an HTTP 5xx: 'error del servidor (HTTP 503)'; anything else: 'no se pudo
 * conectar (detalle)'. */
export function netelipNetworkText(detail: string): string {
  const http = /^HTTP (\d{3})$/.exec(detail);
  if (http) return `error del servidor de Netelip (HTTP ${http[1]})`;
  const cause = CAUSES[detail];
  return cause ? `${cause} (${detail})` : `no se pudo conectar (${detail || 'sin detalle'})`;
}
