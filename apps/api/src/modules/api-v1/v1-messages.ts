/** The Spanish refusals of /api/v1 that no other part of the API says. */
export const V1_MESSAGES = {
  limitInvalid: (max: number) => `El parámetro "limit" debe ser un número entero entre 1 y ${max}`,
  cursorInvalid: 'El parámetro "cursor" no es válido: use el valor "next" de la página anterior',
  cursorOtherOrder:
    'El parámetro "cursor" pertenece a otra consulta (otra lista, otros filtros o con "updatedSince" o sin él): use el "next" de la misma consulta',
  updatedSinceInvalid:
    'El parámetro "updatedSince" debe ser una fecha y hora ISO 8601 con zona (p. ej. 2026-05-09T08:00:00Z)',
  updatedSinceTooOld: (days: number) =>
    `El parámetro "updatedSince" es anterior a los ${days} días que se conservan las eliminaciones: haga una sincronización completa`,
  stateInvalid: 'El parámetro "state" debe ser active, waiting o cancelled',
  idInvalid: (name: string) => `El parámetro "${name}" debe ser un número entero positivo`,
  externalIdInvalid: 'El identificador externo debe tener entre 1 y 100 caracteres, sin caracteres de control',
  eventNotFound: 'Evento no encontrado',
  sessionNotFound: 'Sesión no encontrada',
  registrationNotFound: 'Inscripción no encontrada',
  waitingEntryNotFound: 'Entrada de lista de espera no encontrada',
  resourceInvalid: 'El parámetro "resource" debe ser event, session, registration o waiting-list-entry',
} as const;
