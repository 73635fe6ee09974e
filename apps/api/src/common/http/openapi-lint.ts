import type { OpenAPIObject } from '@nestjs/swagger';

type Node = Record<string, unknown>;
type Operation = { tags?: string[]; summary?: string; description?: string; operationId?: string };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Each tag's description (Redocly's tag-description): every tag either document uses. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  'API tokens': 'Tokens de API de las máquinas que se integran (se muestran una sola vez)',
  Auth: 'Inicio de sesión del personal, renovación y cambio de contraseña',
  'Avisos (webhooks)': 'Los POST firmados que recibe el receptor de un webhook, uno por tipo de aviso',
  Blacklist: 'Lista negra de personas por evento o sesión',
  'Control de acceso': 'La puerta: lectura de entradas, búsqueda de personas y registro de entradas',
  Dashboard: 'Cifras del panel del back office',
  Deletions: 'Lápidas de lo eliminado, para mantener una copia completa',
  Departments: 'Departamentos de la organización',
  Email: 'Configuración y envío de correo',
  'Email log': 'Registro de los correos enviados',
  'Email templates': 'Plantillas de correo por tipo e idioma',
  Events: 'Eventos y sus sesiones',
  'Events (público)': 'Eventos publicados tal como los ve la página de reservas',
  GDPR: 'Solicitudes de protección de datos: acceso y supresión',
  Health: 'Sondas de salud para el orquestador (vida y disponibilidad)',
  History: 'Historial de cambios de cada registro',
  Notifications: 'Avisos por correo o SMS a las personas de una sesión',
  Registrations: 'Inscripciones',
  'Reservas (público)': 'Retenciones de plazas e inscripciones desde la página de reservas',
  Roles: 'Roles y permisos del personal',
  SMS: 'Configuración y registro de SMS',
  'Session capacity': 'Aforo, plazas reservadas y lista de espera de una sesión',
  Sessions: 'Sesiones de un evento',
  Settings: 'Configuración general',
  System: 'Estado del sistema para el personal',
  Users: 'Usuarios del personal',
  'Waiting list': 'Listas de espera y promociones',
  Webhooks: 'Webhooks: destinos, secretos, envíos y reenvíos',
};

/** The licence both documents state: the product is not published under an open licence. */
const LICENSE = { name: 'Propietaria: uso reservado a la organización que lo opera' };

/** `{ allOf: [x] }` with nothing beside it is `x`: Nest writes it around enum references, and a generator reads
 * both the same, but linters flag the wrapper. Walks the whole tree in place. */
function unwrapSingleAllOf(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(unwrapSingleAllOf);
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Node)) {
    const child = value as Node | undefined;
    if (
      child &&
      typeof child === 'object' &&
      !Array.isArray(child) &&
      Object.keys(child).length === 1 &&
      Array.isArray(child.allOf) &&
      child.allOf.length === 1
    )
      (node as Node)[key] = child.allOf[0];
    unwrapSingleAllOf((node as Node)[key]);
  }
}

/** What `redocly lint` (recommended rules, plus operation-tag-defined and operation-description) asks of a document
 * that the decorators don't write: a licence, every tag declared at the top, single-item `allOf` unwrapped, and a
 * description on every operation (`descriptions` by operationId, else its summary, which then says it all). For
 * both documents, after everything else is added; returns the same document. */
export function lintReady(document: OpenAPIObject, descriptions: Record<string, string> = {}): OpenAPIObject {
  document.info.license ??= LICENSE;
  const tags = new Set((document.tags ?? []).map((tag) => tag.name));
  const hooks = (document as { 'x-webhooks'?: OpenAPIObject['paths'] })['x-webhooks'] ?? {};
  for (const item of [...Object.values(document.paths ?? {}), ...Object.values(hooks)])
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      for (const tag of operation.tags ?? []) tags.add(tag);
      operation.description ??= (operation.operationId && descriptions[operation.operationId]) || operation.summary;
    }
  const declared = new Map((document.tags ?? []).map((tag) => [tag.name, tag]));
  document.tags = [...tags]
    .sort()
    .map(
      (name) => declared.get(name) ?? { name, ...(TAG_DESCRIPTIONS[name] && { description: TAG_DESCRIPTIONS[name] }) },
    );
  unwrapSingleAllOf(document.components);
  unwrapSingleAllOf(document.paths);
  return document;
}
