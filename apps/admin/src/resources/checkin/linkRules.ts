import type { DoorLink } from '@evreg/contracts';

/** A door link's state as its table shows it. */
export function doorLinkState(
  link: Pick<DoorLink, 'revokedAt' | 'expiresAt'>,
  now: Date,
): 'Activo' | 'Revocado' | 'Caducado' {
  if (link.revokedAt) return 'Revocado';
  return new Date(link.expiresAt).getTime() <= now.getTime() ? 'Caducado' : 'Activo';
}

/** The new link's form: a name of at most 60 characters (the API's rule). */
export function doorLinkErrors(values: { label?: string }): Record<string, string> {
  const label = (values.label ?? '').trim();
  if (!label) return { label: 'El nombre es obligatorio' };
  if (label.length > 60) return { label: 'El nombre no puede superar los 60 caracteres' };
  return {};
}

/** The door link's token in the address the API gives (`/admin/door/<token>`), or null. */
export function doorLinkToken(pathname: string): string | null {
  const match = /^\/admin\/door\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}
