import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { MESSAGES } from '@evreg/contracts';
import { AppError } from '../../common/http/app-error';
import { ACCESS_POLICY, AccessPolicy } from './auth.decorators';
import type { Principal } from './principal';
import { PrincipalService } from './principal.service';
import { bearerToken, hashApiToken, isApiToken, permissionsFingerprint } from './tokens';

/** passport-jwt behind the guard: a token it refuses, or a session that is gone, is our 401. An error while
 * loading the principal (the only errors passport-jwt hands on) is no verdict on the token: it goes to the
 * exception filter as it is, so a database outage is a 503 and the back office keeps the session
 * (docs/domain.md, "PostgreSQL away"). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T = Principal>(error: unknown, principal: T | false): T {
    if (error) throw error;
    if (!principal) throw AppError.unauthorized();
    return principal;
  }
}

interface GuardedRequest {
  headers: Record<string, string | undefined>;
  user?: Principal;
}

/** Global guard: every route's declared policy, enforced on the server. 401 without a valid token, 403 while
 * the password must be changed, 403 for an API token on a route for signed-in staff only, 403 without the
 * permission (`PERMISSIONS_CHANGED` when the session signed in with other permissions). */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtAuthGuard,
    private readonly principals: PrincipalService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!policy) {
      // Unreachable after the boot-time check; refuse rather than allow if it ever happens.
      this.logger.error(`Ruta sin política de acceso: ${context.getClass().name}.${context.getHandler().name}`);
      throw AppError.forbidden();
    }
    if (policy.kind === 'public') {
      const headers = context.switchToHttp().getRequest<GuardedRequest>().headers;
      if (policy.optionalAuth && headers.authorization) await this.authenticate(context);
      return true;
    }

    const principal = await this.authenticate(context);
    if (principal.kind === 'apiToken' && policy.staffSessionOnly) {
      throw AppError.forbidden(MESSAGES.apiToken.staffSessionRequired, 'STAFF_SESSION_REQUIRED');
    }
    if (principal.mustChangePassword && !policy.allowMustChangePassword) {
      throw AppError.forbidden(MESSAGES.auth.mustChangePassword, 'PASSWORD_CHANGE_REQUIRED');
    }
    const missing = policy.permissions.filter((permission) => !principal.permissions.has(permission));
    if (missing.length) {
      // A staff session that signed in with other permissions: the back office signs out and says why.
      const signedInWith = principal.kind === 'session' ? principal.permissionsAtSignIn : undefined;
      if (signedInWith && signedInWith !== permissionsFingerprint(principal.permissions)) {
        throw AppError.forbidden(MESSAGES.auth.permissionsChanged, 'PERMISSIONS_CHANGED');
      }
      throw AppError.forbidden();
    }
    return true;
  }

  /** An API token (`evr_…`) is looked up by its hash; anything else goes to passport-jwt. Either way one query,
   * and a database error propagates as it is (a 503, never a 401). The token itself is never logged. */
  private async authenticate(context: ExecutionContext): Promise<Principal> {
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const token = bearerToken(request.headers.authorization);
    if (token && isApiToken(token)) {
      const principal = await this.principals.loadApiToken(hashApiToken(token));
      if (!principal) throw AppError.unauthorized();
      request.user = principal;
      return principal;
    }
    await this.jwt.canActivate(context);
    return request.user as Principal;
  }
}
