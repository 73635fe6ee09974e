import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { jwtSigningKey, JWT_AUDIENCE, JWT_ISSUER } from './tokens';
import { PrincipalService } from './principal.service';
import type { AccessTokenPayload, Principal } from './principal';

/** passport-jwt checks signature, issuer, audience and expiry; then the principal is loaded from the database. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly principals: PrincipalService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: jwtSigningKey(config.appSecret),
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: AccessTokenPayload): Promise<Principal | false> {
    if (typeof payload?.sub !== 'string' || typeof payload?.sid !== 'string') return false;
    const principal = await this.principals.load(payload.sub, payload.sid);
    if (!principal) return false;
    if (typeof payload.pv === 'string') principal.permissionsAtSignIn = payload.pv;
    return principal;
  }
}
