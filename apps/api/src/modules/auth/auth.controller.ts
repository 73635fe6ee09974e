import { Body, Controller, Get, Headers, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { MessageResponseDto } from '../../common/message-response.dto';
import { Auth, CurrentPrincipal, Public } from './auth.decorators';
import { AuthService } from './auth.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { CurrentUserDto, LoginResponseDto, RefreshResponseDto } from './dto/auth-responses.dto';
import { LoginDto } from './dto/login.dto';
import type { Principal } from './principal';

@ApiTags('Auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('auth/login')
  @HttpCode(200)
  @Public()
  @UseGuards(ThrottlerGuard)
  @ApiOperation({ summary: 'Iniciar sesión (personal)' })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiUnauthorizedResponse({ type: ApiErrorResponseDto, description: 'INVALID_CREDENTIALS o ACCOUNT_LOCKED' })
  @ApiTooManyRequestsResponse({ type: ApiErrorResponseDto })
  login(@Body() dto: LoginDto) {
    return this.auth.login(dto);
  }

  @Post('auth/refresh')
  @HttpCode(200)
  @Public()
  @UseGuards(ThrottlerGuard)
  @ApiOperation({ summary: 'Nuevo token de acceso; el refresh token va como Bearer' })
  @ApiHeader({ name: 'Authorization', description: 'Bearer <refreshToken>', required: true })
  @ApiOkResponse({ type: RefreshResponseDto })
  @ApiUnauthorizedResponse({ type: ApiErrorResponseDto })
  refresh(@Headers('authorization') authorization?: string) {
    return this.auth.refresh(authorization);
  }

  @Post('auth/logout')
  @HttpCode(204)
  @Auth({ allowMustChangePassword: true })
  @ApiOperation({ summary: 'Cerrar sesión: revoca el refresh token de esta sesión' })
  @ApiNoContentResponse({ description: 'Sesión cerrada' })
  async logout(@CurrentPrincipal() principal: Principal) {
    await this.auth.logout(principal);
  }

  @Get('user/me')
  @Auth({ allowMustChangePassword: true })
  @ApiOperation({ summary: 'Usuario actual con sus permisos' })
  @ApiOkResponse({ type: CurrentUserDto })
  me(@CurrentPrincipal() principal: Principal) {
    return this.auth.me(principal);
  }

  @Put('user/change-password')
  @Auth({ allowMustChangePassword: true })
  @ApiOperation({ summary: 'Cambiar la propia contraseña (cierra las demás sesiones)' })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  changePassword(@CurrentPrincipal() principal: Principal, @Body() dto: ChangePasswordDto) {
    return this.auth.changePassword(principal, dto);
  }
}
