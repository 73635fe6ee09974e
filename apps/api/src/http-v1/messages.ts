/** The Spanish details of the refusals this folder writes itself. Integrators read them (the two apps never call
 * /api/v1), so they live here rather than in libs/contracts. */
export const V1_MESSAGES = {
  idempotencyKeyInvalid:
    'Idempotency-Key no es válida: debe tener entre 1 y 255 caracteres ASCII visibles (por ejemplo un UUID)',
  idempotencyKeyRepeated: 'Idempotency-Key enviada más de una vez: envía una sola',
  idempotencyKeyReused:
    'Idempotency-Key ya se usó con otra petición (otro método, ruta o cuerpo) en las últimas {hours} h: usa una clave nueva',
  idempotencyKeyInFlight:
    'Una petición con esta Idempotency-Key se está procesando todavía: espera su respuesta y repite la petición',
  tooManyRequests: 'Demasiadas peticiones: el límite es {limit} cada {window} s. Vuelve a intentarlo en {seconds} s',
} as const;

/** The problem titles (RFC 9457 `title`), one per HTTP status. */
export const PROBLEM_TITLES: Record<number, string> = {
  400: 'Petición no válida',
  401: 'No autenticado',
  403: 'Acceso denegado',
  404: 'No encontrado',
  405: 'Método no admitido',
  409: 'Conflicto',
  410: 'Ya no existe',
  412: 'Condición previa no cumplida',
  413: 'Cuerpo demasiado grande',
  414: 'Dirección demasiado larga',
  415: 'Tipo de contenido no admitido',
  422: 'Petición no procesable',
  428: 'Falta una condición previa',
  429: 'Demasiadas peticiones',
  500: 'Error interno',
  503: 'Servicio no disponible',
};
