import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { MessageResponseDto } from '../../common/message-response.dto';
import { Auth } from '../auth/auth.decorators';
import { EmailSettingsDto, UpdateEmailSettingsDto } from './dto/email-settings.dto';
import { EmailDeliveryService } from './email-delivery.service';
import { EmailSettingsService } from './email-settings.service';

@ApiTags('Email')
@Controller('email')
export class EmailController {
  constructor(
    private readonly settings: EmailSettingsService,
    private readonly delivery: EmailDeliveryService,
  ) {}

  @Get('settings')
  @Auth({ permission: 'Settings.Read' })
  @ApiOperation({ summary: 'Configuración SMTP (booleanos como texto; la contraseña nunca se devuelve)' })
  @ApiOkResponse({ type: EmailSettingsDto })
  get() {
    return this.settings.get();
  }

  @Put('settings')
  @Auth({ permission: 'Settings.Update' })
  @ApiOperation({
    summary: 'Guardar la configuración SMTP',
    description:
      'Los campos omitidos se conservan; smtpPassword vacía u omitida conserva la guardada (se guarda cifrada). ' +
      'Para activar el envío hacen falta servidor y email del remitente. Al activarlo se envían los emails pendientes.',
  })
  @ApiOkResponse({ type: EmailSettingsDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'Campo no válido, nombrado en errors' })
  update(@Body() dto: UpdateEmailSettingsDto) {
    return this.settings.update(dto);
  }

  @Post('test')
  @HttpCode(200)
  @Auth({ permission: 'Settings.Update' })
  @ApiOperation({ summary: 'Enviar ahora un email de prueba con la configuración guardada' })
  @ApiQuery({ name: 'testEmail', example: 'yo@example.com' })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'Falta testEmail o no es un email válido' })
  @ApiConflictResponse({
    type: ApiErrorResponseDto,
    description: 'EMAIL_DISABLED: el envío de emails está deshabilitado',
  })
  @ApiBadGatewayResponse({
    type: ApiErrorResponseDto,
    description:
      'SMTP_ERROR: el servidor SMTP rechazó el envío o no respondió: la causa explicada en español y, tras «Detalle:», su respuesta',
  })
  test(@Query('testEmail') testEmail?: string) {
    return this.delivery.sendTest(testEmail);
  }
}
