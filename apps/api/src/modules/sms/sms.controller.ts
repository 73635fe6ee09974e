import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/http/id-param';
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
import { Endpoint } from '../../common/http/endpoint.decorator';

@ApiTags('SMS')
@Controller('smssettings')
export class SmsController {
  constructor(
    private readonly settings: SmsSettingsService,
    private readonly log: SmsLogService,
  ) {}

  @Get()
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({
    summary: 'Configuración de SMS (el token de Netelip nunca se devuelve: solo hasToken)',
    ok: SmsSettingsDto,
  })
  get() {
    return this.settings.get();
  }

  @Put()
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({
    summary: 'Guardar la configuración de SMS; el token solo se envía para cambiarlo (se guarda cifrado)',
    ok: SmsSettingsDto,
    errors: { 400: 'Remitente no válido, o habilitar sin remitente o sin token' },
  })
  update(@Body() dto: UpdateSmsSettingsDto) {
    return this.settings.update(dto);
  }

  @Get('logs')
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({
    summary: 'Registro de SMS, los más recientes primero (50 por página)',
    ok: SmsLogPageDto,
    errors: { 400: 'page o pageSize no válidos' },
  })
  logs(@Query() query: SmsLogQueryDto) {
    return this.log.list(query);
  }

  @Get('logs/total-cost')
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({
    summary: 'Coste estimado de los SMS enviados en un periodo (fechas incluidas, Europe/Madrid)',
    ok: SmsTotalCostDto,
    errors: { 400: 'Fechas no válidas o fin anterior al inicio' },
  })
  totalCost(@Query() query: SmsTotalCostQueryDto) {
    return this.log.totalCost(query);
  }

  @Delete('smslogs/all')
  @Auth({ permission: 'Settings.Delete' })
  @Endpoint({ summary: 'Eliminar todo el registro de SMS (los pendientes ya no se envían)', ok: DeletedCountDto })
  removeAll() {
    return this.log.removeAll();
  }

  @Delete('smslogs/:id')
  @Auth({ permission: 'Settings.Delete' })
  @Endpoint({
    summary: 'Eliminar un SMS del registro (si estaba pendiente, ya no se envía)',
    status: 204,
    okDescription: '',
    errors: { 400: 'id no es un número entero', 404: '' },
  })
  async remove(@IdParam() id: number) {
    await this.log.remove(id);
  }
}
