import { Body, Controller, Delete, Get, Param, PipeTransform, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  EMAIL_MESSAGES,
  EmailTemplateType,
  VISITOR_LANGUAGES,
  type VisitorLanguage,
  isVisitorLanguage,
} from '@evreg/contracts';
import { ApiErrorResponseDto } from '../../common/http/api-error.dto';
import { AppError } from '../../common/http/app-error';
import { IdParam } from '../../common/http/id-param';
import { MessageResponseDto } from '../../common/http/message-response.dto';
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
import { Endpoint } from '../../common/http/endpoint.decorator';

class ParseTemplateTypePipe implements PipeTransform<string, EmailTemplateType> {
  transform(value: string): EmailTemplateType {
    if (!/^[0-3]$/.test(value)) throw AppError.field('type', EMAIL_MESSAGES.typeRequired);
    return Number(value) as EmailTemplateType;
  }
}

class ParseLanguagePipe implements PipeTransform<string | undefined, VisitorLanguage> {
  transform(value: string | undefined): VisitorLanguage {
    if (value === undefined || value === '') return 'es';
    if (!isVisitorLanguage(value)) throw AppError.field('language', EMAIL_MESSAGES.languageInvalid);
    return value;
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
  @Endpoint({ summary: 'Todas las plantillas, por tipo (la activa primero)', ok: [EmailTemplateDto] })
  list() {
    return this.templates.list();
  }

  @Get('template-types')
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({ summary: 'Tipos de plantilla: 0 Registration, 1 Queue, 2 Promotion', ok: [EmailTemplateTypeDto] })
  types() {
    return this.templates.types();
  }

  @Get('by-type/:type')
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({
    summary: 'La plantilla activa de un tipo en un idioma (la que se usa al enviar)',
    ok: EmailTemplateDto,
    errors: { 400: 'Tipo no válido', 404: 'No hay plantilla activa de ese tipo' },
  })
  @ApiParam({ name: 'type', enum: [0, 1, 2, 3] })
  @ApiQuery({
    name: 'language',
    required: false,
    enum: VISITOR_LANGUAGES,
    description: 'La que recibe quien se inscribió en ese idioma: la suya activa, si no la española (por defecto es)',
  })
  byType(
    @Param('type', new ParseTemplateTypePipe()) type: EmailTemplateType,
    @Query('language', new ParseLanguagePipe()) language: VisitorLanguage,
  ) {
    return this.templates.activeOfType(type, language);
  }

  @Post('preview')
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({
    summary: 'Vista previa de un contenido sin guardar, con datos de ejemplo',
    description: PLACEHOLDERS,
    ok: EmailPreviewDto,
    status: 200,
    errors: { 400: 'Plantilla no válida (marcador desconocido, sintaxis), nombrando el campo' },
  })
  preview(@Body() dto: EmailPreviewRequestDto) {
    return this.templates.preview(dto);
  }

  @Get(':id/preview')
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({
    summary: 'Vista previa de una plantilla guardada, con datos de ejemplo',
    ok: EmailPreviewDto,
    errors: { 404: '' },
  })
  previewStored(@IdParam() id: number) {
    return this.templates.previewStored(id);
  }

  @Get(':id')
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({
    summary: 'Una plantilla de email',
    ok: EmailTemplateDto,
    errors: { 400: 'id no es un número entero', 404: '' },
  })
  get(@IdParam() id: number) {
    return this.templates.get(id);
  }

  @Post()
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({
    summary: 'Crear una plantilla (con isActive: true sustituye a la activa de su tipo e idioma)',
    description: PLACEHOLDERS,
    ok: EmailTemplateDto,
    status: 201,
    errors: { 409: 'Otra plantilla del tipo se activó a la vez' },
  })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description:
      "'El nombre es requerido', 'El asunto es requerido', 'El contenido HTML es requerido', tipo, marcadores",
  })
  create(@Body() dto: CreateEmailTemplateDto) {
    return this.templates.create(dto);
  }

  @Put(':id')
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({
    summary: 'Editar una plantilla (su tipo y su idioma no cambian)',
    description: PLACEHOLDERS,
    ok: EmailTemplateDto,
    errors: { 400: '', 404: '', 409: '' },
  })
  update(@IdParam() id: number, @Body() dto: UpdateEmailTemplateDto) {
    return this.templates.update(id, dto);
  }

  @Delete(':id')
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({
    summary: 'Eliminar una plantilla (si era la activa, su tipo queda sin plantilla: esos emails no se envían)',
    ok: MessageResponseDto,
    errors: { 404: '' },
  })
  remove(@IdParam() id: number) {
    return this.templates.remove(id);
  }
}
