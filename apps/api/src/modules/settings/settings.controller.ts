import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { Auth } from '../auth/auth.decorators';
import { QueueSettingsDto, SettingDto, UpdateSettingDto } from './dto/setting.dto';
import { SettingsService } from './settings.service';

@ApiTags('Settings')
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @Auth({ permission: 'Settings.Read' })
  @ApiOperation({ summary: 'Todas las configuraciones' })
  @ApiOkResponse({ type: [SettingDto] })
  list() {
    return this.settings.list();
  }

  @Get('queue-settings')
  @Auth({ permission: 'Settings.Read' })
  @ApiOperation({ summary: 'Límites de la lista de espera' })
  @ApiOkResponse({ type: QueueSettingsDto })
  queueSettings() {
    return this.settings.queueSettings();
  }

  @Put('queue-settings')
  @Auth({ permission: 'Settings.Update' })
  @ApiOperation({ summary: 'Cambiar los límites de la lista de espera' })
  @ApiOkResponse({ type: QueueSettingsDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  saveQueueSettings(@Body() dto: QueueSettingsDto) {
    return this.settings.saveQueueSettings(dto);
  }

  @Get(':key')
  @Auth({ permission: 'Settings.Read' })
  @ApiOperation({ summary: 'Una configuración por su clave' })
  @ApiParam({ name: 'key', example: 'TicketHoldDurationMinutes' })
  @ApiOkResponse({ type: SettingDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  get(@Param('key') key: string) {
    return this.settings.get(key);
  }

  @Put(':key')
  @Auth({ permission: 'Settings.Update' })
  @ApiOperation({ summary: 'Cambiar una configuración; TicketHoldDurationMinutes admite de 1 a 60' })
  @ApiParam({ name: 'key', example: 'TicketHoldDurationMinutes' })
  @ApiOkResponse({ type: SettingDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  update(@Param('key') key: string, @Body() dto: UpdateSettingDto) {
    return this.settings.update(key, dto);
  }
}
