import { Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AccessGuard, JwtAuthGuard } from './access.guard';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';
import { PrincipalService } from './principal.service';
import { RoutePolicyCheck } from './route-policy.check';
import { SignInLimits } from './sign-in-limits';
import { JWT_AUDIENCE, JWT_ISSUER, jwtSigningKey } from './tokens';

@Module({
  imports: [
    DiscoveryModule,
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: jwtSigningKey(config.appSecret),
        signOptions: { algorithm: 'HS256', issuer: JWT_ISSUER, audience: JWT_AUDIENCE },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    AuthService,
    PrincipalService,
    JwtStrategy,
    JwtAuthGuard,
    RoutePolicyCheck,
    SignInLimits,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AuthService],
})
export class AuthModule {}
