import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { MessageResponseDto } from '../../common/http/message-response.dto';
import { Auth } from '../auth/auth.decorators';
import { EmailSettingsDto, UpdateEmailSettingsDto } from './dto/email-settings.dto';
import { EmailDeliveryService } from './email-delivery.service';
import { EmailSettingsService } from './email-settings.service';
import { Endpoint } from '../../common/http/endpoint.decorator';

@ApiTags('Email')
@Controller('email')
export class EmailController {
  constructor(
    private readonly settings: EmailSettingsService,
    private readonly delivery: EmailDeliveryService,
  ) {}

  @Get('settings')
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({
    summary: 'Configuración SMTP (booleanos como texto; la contraseña nunca se devuelve)',
    ok: EmailSettingsDto,
  })
  get() {
    return this.settings.get();
  }

  @Put('settings')
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({
    summary: 'Guardar la configuración SMTP',
    description:
      'Los campos omitidos se conservan; smtpPassword vacía u omitida conserva la guardada (se guarda cifrada). ' +
      'Para activar el envío hacen falta servidor y email del remitente. Al activarlo se envían los emails pendientes.',
    ok: EmailSettingsDto,
    errors: { 400: 'Campo no válido, nombrado en errors' },
  })
  update(@Body() dto: UpdateEmailSettingsDto) {
    return this.settings.update(dto);
  }

  @Post('test')
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({
    summary: 'Enviar ahora un email de prueba con la configuración guardada',
    ok: MessageResponseDto,
    status: 200,
    errors: {
      400: 'Falta testEmail o no es un email válido',
      409: 'EMAIL_DISABLED: el envío de emails está deshabilitado',
      502: 'SMTP_ERROR: el servidor SMTP rechazó el envío o no respondió: la causa explicada en español y, tras «Detalle:», su respuesta',
    },
  })
  @ApiQuery({ name: 'testEmail', example: 'yo@example.com' })
  test(@Query('testEmail') testEmail?: string) {
    return this.delivery.sendTest(testEmail);
  }
}
