import { SetMetadata, applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { PermissionName } from '@evreg/contracts';
import { ApiErrorResponseDto } from '../../common/http/api-error.dto';
import type { Principal } from './principal';

/** How a route is reached. Every route declares one (checked at boot), so none can slip through unguarded. */
export type AccessPolicy =
  | { kind: 'public'; optionalAuth?: boolean }
  | {
      kind: 'authenticated';
      permissions: PermissionName[];
      allowMustChangePassword: boolean;
      /** Refused to API tokens (403 STAFF_SESSION_REQUIRED): the staff member's own account and the tokens. */
      staffSessionOnly: boolean;
    };

export const ACCESS_POLICY = 'evreg:access-policy';

/** Where @nestjs/swagger keeps an operation's own fields (ApiOperation). Its ApiSecurity can't say "no token"
 * (an empty list is dropped) and ApiOperation would reset the summary, so the requirement is merged in here. */
const SWAGGER_OPERATION = 'swagger/apiOperation';

/** An OpenAPI security requirement: scheme name → scopes (none for bearer tokens). */
type SecurityRequirement = Record<string, string[]>;

/** The operation's `security` in the OpenAPI document, exactly as given (`[]`: no token). */
function ApiOperationSecurity(security: SecurityRequirement[]): MethodDecorator {
  return (_target, _key, descriptor) => {
    const method = descriptor.value as object;
    const previous = (Reflect.getMetadata(SWAGGER_OPERATION, method) as object | undefined) ?? {};
    Reflect.defineMetadata(SWAGGER_OPERATION, { ...previous, security }, method);
    return descriptor;
  };
}

/** Open to anyone (the public booking page, login). With `optionalAuth`, a staff bearer token, when sent, is
 * checked (401 if invalid) and the principal made available, so one path can answer staff more. The document
 * says so: `security: []` (no token), with `optionalAuth` `[{}, { bearer: [] }]` (none, or the staff token);
 * `security` replaces that for a public route that reads a credential of its own (refresh: the refresh token). */
export function Public(options: { optionalAuth?: boolean; security?: SecurityRequirement[] } = {}) {
  const policy: AccessPolicy = { kind: 'public', optionalAuth: options.optionalAuth ?? false };
  const security = options.security ?? (policy.optionalAuth ? [{}, { bearer: [] }] : []);
  return applyDecorators(
    SetMetadata(ACCESS_POLICY, policy),
    ApiExtension('x-access', 'public'),
    ApiOperationSecurity(security),
  );
}

/** Signed-in staff, or a machine with an API token, holding every listed permission (none: any signed-in user).
 * `allowMustChangePassword` lets a user who must still change their password through (only me, change-password
 * and logout do). `staffSessionOnly` refuses API tokens (the own account's routes and the tokens' management;
 * documented as `x-staff-session-only`). */
export function Auth(
  options: {
    permission?: PermissionName | PermissionName[];
    allowMustChangePassword?: boolean;
    staffSessionOnly?: boolean;
  } = {},
) {
  const permissions = options.permission === undefined ? [] : ([] as PermissionName[]).concat(options.permission);
  const policy: AccessPolicy = {
    kind: 'authenticated',
    permissions,
    allowMustChangePassword: options.allowMustChangePassword ?? false,
    staffSessionOnly: options.staffSessionOnly ?? false,
  };
  const forbidden = permissions.length
    ? `Falta el permiso ${permissions.join(', ')}`
    : 'Debe cambiar la contraseña antes de continuar';
  return applyDecorators(
    SetMetadata(ACCESS_POLICY, policy),
    ApiBearerAuth(),
    ApiExtension('x-access', 'authenticated'),
    ApiExtension('x-permissions', permissions),
    ...(policy.staffSessionOnly ? [ApiExtension('x-staff-session-only', true)] : []),
    ApiUnauthorizedResponse({
      description: 'Sin token, token no válido, o token de API revocado o caducado',
      type: ApiErrorResponseDto,
    }),
    ApiForbiddenResponse({
      description: policy.staffSessionOnly
        ? `${forbidden}; STAFF_SESSION_REQUIRED: un token de API no puede usar esta ruta`
        : forbidden,
      type: ApiErrorResponseDto,
    }),
  );
}

/** The caller, set by the auth guard (undefined on a public route called without a token): a signed-in staff
 * member, or an API token acting for its creator (`kind` says which; `staffSessionOnly` routes see only the
 * former, so they may type it SessionPrincipal). */
export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  return ctx.switchToHttp().getRequest<{ user: Principal }>().user;
});
