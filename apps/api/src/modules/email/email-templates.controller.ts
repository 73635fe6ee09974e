import { Body, Controller, Delete, Get, HttpCode, Param, PipeTransform, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { EMAIL_MESSAGES, EmailTemplateType } from '@evreg/contracts';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { AppError } from '../../common/app-error';
import { IdParam } from '../../common/id-param';
import { MessageResponseDto } from '../../common/message-response.dto';
import { Auth } from '../auth/auth.decorators';
import {
  CreateEmailTemplateDto,
  EmailPreviewDto,
  EmailPreviewRequestDto,
  EmailTemplateDto,
  EmailTemplateTypeDto,
  UpdateEmailTemplateDto,
} from './dto/email-template.dto';
import { EmailTemplatesService } from './email-templates.service';

class ParseTemplateTypePipe implements PipeTransform<string, EmailTemplateType> {
  transform(value: string): EmailTemplateType {
    if (!/^[0-3]$/.test(value)) throw AppError.field('type', EMAIL_MESSAGES.typeRequired);
    return Number(value) as EmailTemplateType;
  }
}

const PLACEHOLDERS =
  'Marcadores: {{firstName}}, {{eventTitle}}, {{eventDate}}, {{eventTime}}, {{eventEndTime}}, {{eventTimeRange}}, {{eventDateTime}}, ' +
  '{{cancellationUrl}}, {{queuePosition}}, {{address}} (escapados en el HTML), y bloques {{#if marcador}} / {{#unless marcador}}.';

@ApiTags('Email templates')
@Controller('email-templates')
export class EmailTemplatesController {
  constructor(private readonly templates: EmailTemplatesService) {}

  @Get()
  @Auth({ permission: 'Settings.Read' })
  @ApiOperation({ summary: 'Todas las plantillas, por tipo (la activa primero)' })
  @ApiOkResponse({ type: [EmailTemplateDto] })
  list() {
    return this.templates.list();
  }

  @Get('template-types')
  @Auth({ permission: 'Settings.Read' })
  @ApiOperation({ summary: 'Tipos de plantilla: 0 Registration, 1 Queue, 2 Promotion' })
  @ApiOkResponse({ type: [EmailTemplateTypeDto] })
  types() {
    return this.templates.types();
  }

  @Get('by-type/:type')
  @Auth({ permission: 'Settings.Read' })
  @ApiOperation({ summary: 'La plantilla activa de un tipo (la que se usa al enviar)' })
  @ApiParam({ name: 'type', enum: [0, 1, 2, 3] })
  @ApiOkResponse({ type: EmailTemplateDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'Tipo no válido' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto, description: 'No hay plantilla activa de ese tipo' })
  byType(@Param('type', new ParseTemplateTypePipe()) type: EmailTemplateType) {
    return this.templates.activeOfType(type);
  }

  @Post('preview')
  @HttpCode(200)
  @Auth({ permission: 'Settings.Read' })
  @ApiOperation({
    summary: 'Vista previa de un contenido sin guardar, con datos de ejemplo',
    description: PLACEHOLDERS,
  })
  @ApiOkResponse({ type: EmailPreviewDto })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description: 'Plantilla no válida (marcador desconocido, sintaxis), nombrando el campo',
  })
  preview(@Body() dto: EmailPreviewRequestDto) {
    return this.templates.preview(dto);
  }

  @Get(':id/preview')
  @Auth({ permission: 'Settings.Read' })
  @ApiOperation({ summary: 'Vista previa de una plantilla guardada, con datos de ejemplo' })
  @ApiOkResponse({ type: EmailPreviewDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  previewStored(@IdParam() id: number) {
    return this.templates.previewStored(id);
  }

  @Get(':id')
  @Auth({ permission: 'Settings.Read' })
  @ApiOperation({ summary: 'Una plantilla de email' })
  @ApiOkResponse({ type: EmailTemplateDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'id no es un número entero' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  get(@IdParam() id: number) {
    return this.templates.get(id);
  }

  @Post()
  @Auth({ permission: 'Settings.Update' })
  @ApiOperation({
    summary: 'Crear una plantilla (activa por defecto: sustituye a la activa de su tipo)',
    description: PLACEHOLDERS,
  })
  @ApiCreatedResponse({ type: EmailTemplateDto })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description:
      "'El nombre es requerido', 'El asunto es requerido', 'El contenido HTML es requerido', tipo, marcadores",
  })
  @ApiConflictResponse({ type: ApiErrorResponseDto, description: 'Otra plantilla del tipo se activó a la vez' })
  create(@Body() dto: CreateEmailTemplateDto) {
    return this.templates.create(dto);
  }

  @Put(':id')
  @Auth({ permission: 'Settings.Update' })
  @ApiOperation({ summary: 'Editar una plantilla (su tipo no cambia)', description: PLACEHOLDERS })
  @ApiOkResponse({ type: EmailTemplateDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({ type: ApiErrorResponseDto })
  update(@IdParam() id: number, @Body() dto: UpdateEmailTemplateDto) {
    return this.templates.update(id, dto);
  }

  @Delete(':id')
  @Auth({ permission: 'Settings.Update' })
  @ApiOperation({
    summary: 'Eliminar una plantilla (si era la activa, su tipo queda sin plantilla: esos emails no se envían)',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  remove(@IdParam() id: number) {
    return this.templates.remove(id);
  }
}
