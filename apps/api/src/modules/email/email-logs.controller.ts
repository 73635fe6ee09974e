import { Controller, Delete, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/http/id-param';
import { MessageResponseDto } from '../../common/http/message-response.dto';
import { Auth } from '../auth/auth.decorators';
import { DeletedEmailLogsDto, EmailLogPageDto, ListEmailLogsQueryDto } from './dto/email-log.dto';
import { EmailLogsService } from './email-logs.service';
import { Endpoint } from '../../common/http/endpoint.decorator';

@ApiTags('Email log')
@Controller('email-logs')
export class EmailLogsController {
  constructor(private readonly logs: EmailLogsService) {}

  @Get()
  @Auth({ permission: 'EmailLogs.Read' })
  @Endpoint({
    summary: 'Registro de emails, los más recientes primero, paginado (20 por página, máximo 100)',
    ok: EmailLogPageDto,
    errors: { 400: 'page o pageSize no válidos' },
  })
  list(@Query() query: ListEmailLogsQueryDto) {
    return this.logs.list(query);
  }

  @Post(':id/resend')
  @Auth({ permission: 'EmailLogs.Read' })
  @Endpoint({
    summary: 'Reenviar un email fallido de inscripción (Registration) o promoción (Promotion)',
    ok: MessageResponseDto,
    status: 200,
    errors: {
      404: '',
      409: 'No es un email fallido de esos tipos, la inscripción ya no está activa o el envío está deshabilitado',
    },
  })
  resend(@IdParam() id: number) {
    return this.logs.resend(id);
  }

  // Before ':id', so "all" is never read as an id.
  @Delete('all')
  @Auth({ permission: 'Settings.Delete' })
  @Endpoint({
    summary: 'Eliminar todo el registro de emails (los pendientes ya no se enviarán)',
    ok: DeletedEmailLogsDto,
  })
  removeAll() {
    return this.logs.removeAll();
  }

  @Delete(':id')
  @Auth({ permission: 'Settings.Delete' })
  @Endpoint({
    summary: 'Eliminar una entrada del registro (si estaba pendiente, ya no se enviará)',
    status: 204,
    okDescription: '',
    errors: { 400: 'id no es un número entero', 404: '' },
  })
  async remove(@IdParam() id: number) {
    await this.logs.remove(id);
  }
}
