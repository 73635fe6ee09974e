import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { IdParam } from '../../common/id-param';
import { MessageResponseDto } from '../../common/message-response.dto';
import { Auth } from '../auth/auth.decorators';
import { DeletedEmailLogsDto, EmailLogPageDto, ListEmailLogsQueryDto } from './dto/email-log.dto';
import { EmailLogsService } from './email-logs.service';

@ApiTags('Email log')
@Controller('email-logs')
export class EmailLogsController {
  constructor(private readonly logs: EmailLogsService) {}

  @Get()
  @Auth({ permission: 'EmailLogs.Read' })
  @ApiOperation({ summary: 'Registro de emails, los más recientes primero, paginado (20 por página, máximo 100)' })
  @ApiOkResponse({ type: EmailLogPageDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'page o pageSize no válidos' })
  list(@Query() query: ListEmailLogsQueryDto) {
    return this.logs.list(query);
  }

  @Post(':id/resend')
  @HttpCode(200)
  @Auth({ permission: 'EmailLogs.Read' })
  @ApiOperation({ summary: 'Reenviar un email fallido de inscripción (Registration) o promoción (Promotion)' })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({
    type: ApiErrorResponseDto,
    description: 'No es un email fallido de esos tipos, la inscripción ya no está activa o el envío está deshabilitado',
  })
  resend(@IdParam() id: number) {
    return this.logs.resend(id);
  }

  // Before ':id', so "all" is never read as an id.
  @Delete('all')
  @Auth({ permission: 'Settings.Delete' })
  @ApiOperation({ summary: 'Eliminar todo el registro de emails (los pendientes ya no se enviarán)' })
  @ApiOkResponse({ type: DeletedEmailLogsDto })
  removeAll() {
    return this.logs.removeAll();
  }

  @Delete(':id')
  @HttpCode(204)
  @Auth({ permission: 'Settings.Delete' })
  @ApiOperation({ summary: 'Eliminar una entrada del registro (si estaba pendiente, ya no se enviará)' })
  @ApiNoContentResponse()
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'id no es un número entero' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  async remove(@IdParam() id: number) {
    await this.logs.remove(id);
  }
}
