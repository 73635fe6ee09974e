import { Body, Controller, Delete, Get, HttpCode, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { IdParam } from '../../common/id-param';
import { Auth } from '../auth/auth.decorators';
import {
  DeletedCountDto,
  SmsLogPageDto,
  SmsLogQueryDto,
  SmsSettingsDto,
  SmsTotalCostDto,
  SmsTotalCostQueryDto,
  UpdateSmsSettingsDto,
} from './dto/sms.dto';
import { SmsLogService } from './sms-log.service';
import { SmsSettingsService } from './sms-settings.service';

@ApiTags('SMS')
@Controller('smssettings')
export class SmsController {
  constructor(
    private readonly settings: SmsSettingsService,
    private readonly log: SmsLogService,
  ) {}

  @Get()
  @Auth({ permission: 'Settings.Read' })
  @ApiOperation({ summary: 'Configuración de SMS (el token de Netelip nunca se devuelve: solo hasToken)' })
  @ApiOkResponse({ type: SmsSettingsDto })
  get() {
    return this.settings.get();
  }

  @Put()
  @Auth({ permission: 'Settings.Update' })
  @ApiOperation({
    summary: 'Guardar la configuración de SMS; el token solo se envía para cambiarlo (se guarda cifrado)',
  })
  @ApiOkResponse({ type: SmsSettingsDto })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description: 'Remitente no válido, o habilitar sin remitente o sin token',
  })
  update(@Body() dto: UpdateSmsSettingsDto) {
    return this.settings.update(dto);
  }

  @Get('logs')
  @Auth({ permission: 'Settings.Read' })
  @ApiOperation({ summary: 'Registro de SMS, los más recientes primero (50 por página)' })
  @ApiOkResponse({ type: SmsLogPageDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'page o pageSize no válidos' })
  logs(@Query() query: SmsLogQueryDto) {
    return this.log.list(query);
  }

  @Get('logs/total-cost')
  @Auth({ permission: 'Settings.Read' })
  @ApiOperation({ summary: 'Coste estimado de los SMS enviados en un periodo (fechas incluidas, Europe/Madrid)' })
  @ApiOkResponse({ type: SmsTotalCostDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'Fechas no válidas o fin anterior al inicio' })
  totalCost(@Query() query: SmsTotalCostQueryDto) {
    return this.log.totalCost(query);
  }

  @Delete('smslogs/all')
  @Auth({ permission: 'Settings.Delete' })
  @ApiOperation({ summary: 'Eliminar todo el registro de SMS (los pendientes ya no se envían)' })
  @ApiOkResponse({ type: DeletedCountDto })
  removeAll() {
    return this.log.removeAll();
  }

  @Delete('smslogs/:id')
  @HttpCode(204)
  @Auth({ permission: 'Settings.Delete' })
  @ApiOperation({ summary: 'Eliminar un SMS del registro (si estaba pendiente, ya no se envía)' })
  @ApiNoContentResponse()
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'id no es un número entero' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  async remove(@IdParam() id: number) {
    await this.log.remove(id);
  }
}
