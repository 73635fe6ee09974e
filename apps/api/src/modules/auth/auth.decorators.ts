import { SetMetadata, applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { PermissionName } from '@evreg/contracts';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import type { Principal } from './principal';

/** How a route is reached. Every route declares one (checked at boot), so none can slip through unguarded. */
export type AccessPolicy =
  | { kind: 'public'; optionalAuth?: boolean }
  | { kind: 'authenticated'; permissions: PermissionName[]; allowMustChangePassword: boolean };

export const ACCESS_POLICY = 'evreg:access-policy';

/** Open to anyone (the public booking page, login). With `optionalAuth`, a staff bearer token, when sent, is
 * checked (401 if invalid) and the principal made available, so one path can answer staff more. */
export function Public(options: { optionalAuth?: boolean } = {}) {
  const policy: AccessPolicy = { kind: 'public', optionalAuth: options.optionalAuth ?? false };
  return applyDecorators(SetMetadata(ACCESS_POLICY, policy), ApiExtension('x-access', 'public'));
}

/** Signed-in staff holding every listed permission (none: any signed-in user). `allowMustChangePassword` lets a
 * user who must still change their password through (only me, change-password and logout do). */
export function Auth(
  options: { permission?: PermissionName | PermissionName[]; allowMustChangePassword?: boolean } = {},
) {
  const permissions = options.permission === undefined ? [] : ([] as PermissionName[]).concat(options.permission);
  const policy: AccessPolicy = {
    kind: 'authenticated',
    permissions,
    allowMustChangePassword: options.allowMustChangePassword ?? false,
  };
  return applyDecorators(
    SetMetadata(ACCESS_POLICY, policy),
    ApiBearerAuth(),
    ApiExtension('x-access', 'authenticated'),
    ApiExtension('x-permissions', permissions),
    ApiUnauthorizedResponse({ description: 'Sin token o token no válido', type: ApiErrorResponseDto }),
    ApiForbiddenResponse({
      description: permissions.length
        ? `Falta el permiso ${permissions.join(', ')}`
        : 'Debe cambiar la contraseña antes de continuar',
      type: ApiErrorResponseDto,
    }),
  );
}

/** The signed-in staff member, set by the auth guard (undefined on a public route called without a token). */
export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  return ctx.switchToHttp().getRequest<{ user: Principal }>().user;
});
