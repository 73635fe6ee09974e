import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SystemStatus } from '@evreg/contracts';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { Auth } from '../auth/auth.decorators';
import { SystemStatusDto } from './system-status.dto';
import { SystemStatusService } from './system-status.service';

@ApiTags('System')
@Controller('system')
export class SystemController {
  constructor(private readonly statusService: SystemStatusService) {}

  @Get('status')
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({
    summary: 'Estado del sistema',
    description:
      'Base de datos, Redis, servidor SMTP y SMS (solo los configurados), mensajes pendientes por canal, último barrido ' +
      'de esta instancia y versión. Cada instancia reutiliza su respuesta 5 segundos.',
    ok: SystemStatusDto,
  })
  status(): Promise<SystemStatus> {
    return this.statusService.status();
  }
}
