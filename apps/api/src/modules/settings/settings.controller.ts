import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { Auth } from '../auth/auth.decorators';
import { WaitingListSettingsDto, SettingDto, UpdateSettingDto } from './dto/setting.dto';
import { SettingsService } from './settings.service';
import { Endpoint } from '../../common/http/endpoint.decorator';

@ApiTags('Settings')
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({ summary: 'Todas las configuraciones', ok: [SettingDto] })
  list() {
    return this.settings.list();
  }

  @Get('queue-settings')
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({ summary: 'Límites de la lista de espera', ok: WaitingListSettingsDto })
  queueSettings() {
    return this.settings.waitingListSettings();
  }

  @Put('queue-settings')
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({ summary: 'Cambiar los límites de la lista de espera', ok: WaitingListSettingsDto, errors: { 400: '' } })
  saveQueueSettings(@Body() dto: WaitingListSettingsDto) {
    return this.settings.saveWaitingListSettings(dto);
  }

  @Get(':key')
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({ summary: 'Una configuración por su clave', ok: SettingDto, errors: { 404: '' } })
  @ApiParam({ name: 'key', example: 'TicketHoldDurationMinutes' })
  get(@Param('key') key: string) {
    return this.settings.get(key);
  }

  @Put(':key')
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({
    summary: 'Cambiar una configuración; TicketHoldDurationMinutes admite de 1 a 60',
    ok: SettingDto,
    errors: { 400: '', 404: '' },
  })
  @ApiParam({ name: 'key', example: 'TicketHoldDurationMinutes' })
  update(@Param('key') key: string, @Body() dto: UpdateSettingDto) {
    return this.settings.update(key, dto);
  }
}
