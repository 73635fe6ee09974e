import { Body, Controller, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiErrorResponseDto } from '../../common/http/api-error.dto';
import { MessageResponseDto } from '../../common/http/message-response.dto';
import { RETRY_AFTER_HEADER } from '../../common/http/service-unavailable';
import { Auth, CurrentPrincipal, Public } from './auth.decorators';
import { AuthService } from './auth.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { CurrentUserDto, LoginResponseDto, RefreshResponseDto } from './dto/auth-responses.dto';
import { LoginDto } from './dto/login.dto';
import type { SessionPrincipal } from './principal';
import { SignInLimits } from './sign-in-limits';
import { bearerToken } from './tokens';
import { Endpoint } from '../../common/http/endpoint.decorator';

/** The sign-in limits' refusals (SignInLimits; docs/domain.md, "Staff accounts", rate limit). */
const TOO_MANY_FAILURES = {
  type: ApiErrorResponseDto,
  description:
    'TOO_MANY_REQUESTS: demasiados intentos fallidos con este correo desde esta IP en un minuto; Retry-After dice en cuántos segundos reintentar',
  headers: RETRY_AFTER_HEADER,
};
const TOO_MANY_REFRESHES = {
  type: ApiErrorResponseDto,
  description:
    'TOO_MANY_REQUESTS: demasiadas renovaciones con este refresh token en un minuto; Retry-After dice en cuántos segundos reintentar',
  headers: RETRY_AFTER_HEADER,
};

@ApiTags('Auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly limits: SignInLimits,
  ) {}

  @Post('auth/login')
  @Public()
  @Endpoint({
    summary: 'Iniciar sesión (personal)',
    ok: LoginResponseDto,
    status: 200,
    errors: { 400: '', 401: 'INVALID_CREDENTIALS o ACCOUNT_LOCKED' },
  })
  @ApiTooManyRequestsResponse(TOO_MANY_FAILURES)
  login(@Body() dto: LoginDto, @Req() request: FastifyRequest) {
    // request.ip is the client's behind TRUST_PROXY, the proxy's otherwise.
    return this.limits.login(dto.email, request.ip, () => this.auth.login(dto));
  }

  @Post('auth/refresh')
  @HttpCode(200)
  // No access token: the refresh token goes as the bearer token (the `refreshToken` scheme of the document). Read
  // from the request, not with @Headers(), which would also document it as a header parameter.
  @Public({ security: [{ refreshToken: [] }] })
  @ApiOperation({ summary: 'Nuevo token de acceso; el refresh token va como Bearer' })
  @ApiOkResponse({ type: RefreshResponseDto })
  @ApiUnauthorizedResponse({ type: ApiErrorResponseDto })
  @ApiTooManyRequestsResponse(TOO_MANY_REFRESHES)
  async refresh(@Req() request: FastifyRequest) {
    await this.limits.refresh(bearerToken(request.headers.authorization));
    return this.auth.refresh(request.headers.authorization);
  }

  @Post('auth/logout')
  @Auth({ allowMustChangePassword: true, staffSessionOnly: true })
  @Endpoint({
    summary: 'Cerrar sesión: revoca el refresh token de esta sesión',
    status: 204,
    okDescription: 'Sesión cerrada',
  })
  async logout(@CurrentPrincipal() principal: SessionPrincipal) {
    await this.auth.logout(principal);
  }

  @Get('user/me')
  @Auth({ allowMustChangePassword: true, staffSessionOnly: true })
  @Endpoint({ summary: 'Usuario actual con sus permisos', ok: CurrentUserDto })
  me(@CurrentPrincipal() principal: SessionPrincipal) {
    return this.auth.me(principal);
  }

  @Put('user/change-password')
  @Auth({ allowMustChangePassword: true, staffSessionOnly: true })
  @Endpoint({
    summary: 'Cambiar la propia contraseña (cierra las demás sesiones)',
    ok: MessageResponseDto,
    errors: { 400: '' },
  })
  changePassword(@CurrentPrincipal() principal: SessionPrincipal, @Body() dto: ChangePasswordDto) {
    return this.auth.changePassword(principal, dto);
  }
}
