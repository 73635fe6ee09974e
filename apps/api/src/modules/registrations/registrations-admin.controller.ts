import { Body, Controller, Delete, Get, Ip, Post, Put, Query, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProduces, ApiQuery, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IdParam } from '../../common/http/id-param';
import { MessageResponseDto } from '../../common/http/message-response.dto';
import { Auth } from '../auth/auth.decorators';
import { BookingService } from './booking.service';
import { CancellationService } from './cancellation.service';
import {
  AdminRegistrationDto,
  ManualRegistrationConfirmationDto,
  ManualRegistrationDto,
  ManualRegistrationResponseDto,
  RegistrationErrorDto,
  RegistrationFilterDto,
  RegistrationPageDto,
  RegistrationRefusalDto,
  RegistrationSearchDto,
  UpdateRegistrationDto,
} from './dto/registration.dto';
import { RegistrationsAdminService } from './registrations-admin.service';
import { XLSX_CONTENT_TYPE } from '../waiting-list/waiting-list-export';
import { Endpoint } from '../../common/http/endpoint.decorator';

@ApiTags('Registrations')
@Controller()
export class RegistrationsAdminController {
  constructor(
    private readonly admin: RegistrationsAdminService,
    private readonly booking: BookingService,
    private readonly cancellation: CancellationService,
  ) {}

  // Same parameter name as the public POST on this path (one path, two methods, in the document).
  @Get('events/sessions/:eventSessionId/registrations')
  @Auth({ permission: 'Registrations.Read' })
  @Endpoint({
    summary: 'Inscripciones (activas y canceladas) de una sesión',
    ok: [AdminRegistrationDto],
    errors: { 400: 'eventSessionId no es un número entero, o checkedIn no es true/false', 404: '' },
  })
  @ApiQuery({ name: 'includeDetails', required: false, type: Boolean, description: 'Se acepta y se ignora' })
  @ApiQuery({
    name: 'checkedIn',
    required: false,
    enum: ['true', 'false'],
    description: "'Asistió': true solo quienes registraron su entrada, false quienes no",
  })
  forSession(@IdParam('eventSessionId') id: number, @Query('checkedIn') checkedIn?: unknown) {
    return this.admin.forSession(id, checkedIn);
  }

  @Get('events/sessions/:eventSessionId/registrations/export')
  @Auth({ permission: 'Registrations.Read' })
  @Endpoint({
    summary: 'Las inscripciones de una sesión en Excel',
    description:
      "Hoja 'Inscripciones' con Referencia, Nombre, Apellidos, Email, Teléfono, DNI/NIE, Estado (Activa/Cancelada), Acompañante de, Fecha de inscripción, Asistió (Sí/No) y Hora de entrada (hora local del evento); activas primero. Nombre del fichero: inscripciones-sesion-{id}-{AAAA-MM-DD}.xlsx",
    errors: { 400: 'eventSessionId no es un número entero', 404: 'La sesión no existe' },
  })
  @ApiProduces(XLSX_CONTENT_TYPE)
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async export(
    @IdParam('eventSessionId') id: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const file = await this.admin.exportForSession(id);
    reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${file.fileName}"`);
    return file.content;
  }

  @Post('events/sessions/:id/admin-registrations')
  @Auth({ permission: 'Registrations.Create' })
  @Endpoint({
    summary: 'Registro manual en plaza reservada',
    description:
      'Sin plazas reservadas responde 200 con requiresConfirmation y reservedSpotsFull; con forceQueue=true añade a la lista de espera.',
    status: 200,
    errors: {
      400: { type: RegistrationErrorDto },
      404: { type: RegistrationRefusalDto, description: 'SESSION_NOT_FOUND' },
      409: { type: RegistrationRefusalDto, description: 'FULL, DUPLICATE_REGISTRATION, sesión cerrada' },
    },
  })
  @ApiQuery({ name: 'forceQueue', required: false, type: Boolean })
  @ApiExtraModels(ManualRegistrationResponseDto, ManualRegistrationConfirmationDto)
  @ApiOkResponse({
    description: 'Inscrita (o en la lista de espera), o la petición de confirmación sin escribir nada',
    schema: {
      oneOf: [
        { $ref: getSchemaPath(ManualRegistrationResponseDto) },
        { $ref: getSchemaPath(ManualRegistrationConfirmationDto) },
      ],
    },
  })
  manual(
    @IdParam() id: number,
    @Body() dto: ManualRegistrationDto,
    @Query('forceQueue') forceQueue: string | undefined,
    @Ip() ip: string,
  ) {
    return this.booking.registerManual(id, dto.formData, forceQueue === 'true', ip);
  }

  @Get('events/registrations')
  @Auth({ permission: 'Registrations.Read' })
  @Endpoint({
    summary: 'Inscripciones paginadas: búsqueda, filtros y orden',
    description:
      'Todas las inscripciones (activas, en lista de espera con su posición, y canceladas), o las de un estado (state). ' +
      'Búsqueda por nombre, email, DNI/NIE, teléfono, evento o referencia; filtros por evento, sesión y fechas de ' +
      'inscripción (días de Europe/Madrid, incluidos); orden por sort/order (sin sort, las más recientes primero).',
    ok: RegistrationPageDto,
    errors: { 400: 'Un parámetro no válido, nombrado en el mensaje (errors por campo)' },
  })
  search(@Query() query: RegistrationSearchDto) {
    return this.admin.search(query);
  }

  @Get('events/registrations/export')
  @Auth({ permission: 'Registrations.Read' })
  @Endpoint({
    summary: 'Las inscripciones de una búsqueda en Excel (todas las páginas)',
    description:
      "Los mismos filtros y orden que GET /events/registrations, sin paginar. Hoja 'Registros' con Referencia, Nombre, " +
      'Apellidos, Email, Teléfono, DNI/NIE, Evento, Sesión, Estado (Activa/En espera/Cancelada), Posición en espera, ' +
      'Tipo, Fecha de inscripción (hora local del evento) y Asistió. Nombre del fichero: registros-{AAAA-MM-DD}.xlsx',
    errors: { 400: 'Un parámetro no válido, nombrado en el mensaje (errors por campo)' },
  })
  @ApiProduces(XLSX_CONTENT_TYPE)
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async exportSearch(
    @Query() filter: RegistrationFilterDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const file = await this.admin.exportSearch(filter);
    reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${file.fileName}"`);
    return file.content;
  }

  @Put('events/registrations/:id')
  @Auth({ permission: 'Registrations.Update' })
  @Endpoint({
    summary: 'Editar los datos de una inscripción',
    ok: AdminRegistrationDto,
    errors: { 400: '', 404: '', 409: '' },
  })
  update(@IdParam() id: number, @Body() dto: UpdateRegistrationDto) {
    return this.admin.update(id, dto);
  }

  @Delete('events/registrations/:id')
  @Auth({ permission: 'Registrations.Delete' })
  @Endpoint({
    summary: 'Eliminar una inscripción (libera la plaza y promueve de la lista de espera)',
    status: 204,
    okDescription: '',
    errors: { 404: '' },
  })
  async remove(@IdParam() id: number) {
    await this.cancellation.remove(id);
  }

  @Post('events/registrations/:id/resend-email')
  @Auth({ permission: 'Registrations.Update' })
  @Endpoint({
    summary: 'Reenviar el email de confirmación de una inscripción',
    ok: MessageResponseDto,
    status: 200,
    errors: { 404: '', 409: '' },
  })
  resend(@IdParam() id: number) {
    return this.admin.resendEmail(id);
  }

  @Post('registrations/:id/cancel')
  @Auth({ permission: 'Registrations.Update' })
  @Endpoint({
    summary: 'Cancelar una inscripción activa (libera la plaza, avisa por email y promueve)',
    ok: MessageResponseDto,
    status: 200,
    errors: { 404: '', 409: 'Ya cancelada' },
  })
  async cancel(@IdParam() id: number) {
    const { message } = await this.cancellation.cancel(id);
    return { message };
  }
}
