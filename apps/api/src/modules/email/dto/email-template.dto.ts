import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  EMAIL_MESSAGES,
  EmailPreview,
  EmailPreviewRequest,
  EmailTemplate,
  EmailTemplateRequest,
  EmailTemplateType,
  EmailTemplateTypeOption,
  VISITOR_LANGUAGES,
  type VisitorLanguage,
} from '@evreg/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const M = EMAIL_MESSAGES;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const CONTENT_MAX = 100_000;
const LANGUAGE_DESCRIPTION =
  'Idioma de los textos: quien se inscribió en ese idioma recibe esta plantilla; sin plantilla activa en su idioma, la española';
const TYPE_DESCRIPTION =
  '0 Registration (inscripción), 1 Queue (lista de espera), 2 Promotion (plaza desde la lista de espera), 3 Reminder (recordatorio antes de la sesión)';

export class EmailTemplateDto implements EmailTemplate {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'Confirmación de inscripción' }) name: string;
  @ApiProperty({ example: 'Inscripción confirmada: {{eventTitle}}' }) subject: string;
  @ApiProperty({ example: '<p>Hola {{firstName}}, ...</p>' }) htmlContent: string;
  @ApiProperty({ type: String, nullable: true, description: 'null o vacío: se deriva del HTML' }) plainTextContent:
    string | null;
  @ApiProperty({ enum: [0, 1, 2, 3], description: TYPE_DESCRIPTION }) templateType: EmailTemplateType;
  @ApiProperty({ enum: VISITOR_LANGUAGES, description: LANGUAGE_DESCRIPTION }) language: VisitorLanguage;
  @ApiProperty({
    description: 'La plantilla que se usa para su tipo e idioma (como mucho una activa por tipo e idioma)',
  })
  isActive: boolean;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class EmailTemplateTypeDto implements EmailTemplateTypeOption {
  @ApiProperty({ enum: [0, 1, 2, 3] }) value: EmailTemplateType;
  @ApiProperty({ enum: ['Registration', 'Queue', 'Promotion', 'Reminder'] }) name:
    'Registration' | 'Queue' | 'Promotion' | 'Reminder';
  @ApiProperty({ example: 'Confirmación de inscripción' }) label: string;
}

export class EmailPreviewRequestDto implements EmailPreviewRequest {
  @ApiProperty({ example: 'Inscripción confirmada: {{eventTitle}}' })
  @Transform(trim)
  @IsString({ message: M.subjectRequired })
  @IsNotEmpty({ message: M.subjectRequired })
  @MaxLength(300, { message: M.subjectTooLong })
  subject: string;

  @ApiProperty({ example: '<p>Hola {{firstName}}</p>' })
  @IsString({ message: M.htmlRequired })
  @IsNotEmpty({ message: M.htmlRequired })
  @MaxLength(CONTENT_MAX, { message: M.contentTooLong })
  htmlContent: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Vacío u omitido: se deriva del HTML' })
  @IsOptional()
  @IsString()
  @MaxLength(CONTENT_MAX, { message: M.contentTooLong })
  plainTextContent?: string | null;
}

class TemplateFieldsDto extends EmailPreviewRequestDto {
  @ApiProperty({ example: 'Confirmación de inscripción', maxLength: 200 })
  @Transform(trim)
  @IsString({ message: M.nameRequired })
  @IsNotEmpty({ message: M.nameRequired })
  @MaxLength(200, { message: M.nameTooLong })
  name: string;

  @ApiPropertyOptional({
    description:
      'true: pasa a ser la plantilla de su tipo (la que lo era se desactiva). Al crear, por defecto false (no sustituye a la activa); al editar, omitido se conserva',
  })
  @IsOptional()
  @IsBoolean({ message: M.isActiveInvalid })
  isActive?: boolean;
}

export class CreateEmailTemplateDto extends TemplateFieldsDto implements EmailTemplateRequest {
  @ApiProperty({ enum: [0, 1, 2, 3], description: TYPE_DESCRIPTION })
  @IsIn([0, 1, 2, 3], { message: M.typeRequired })
  templateType: EmailTemplateType;

  @ApiPropertyOptional({ enum: VISITOR_LANGUAGES, description: `${LANGUAGE_DESCRIPTION}. Por defecto es` })
  @IsOptional()
  @IsIn(VISITOR_LANGUAGES, { message: M.languageInvalid })
  language?: VisitorLanguage;
}

/** PUT: the same fields; `templateType` may be sent (the form does) but must be the template's own. */
export class UpdateEmailTemplateDto extends TemplateFieldsDto {
  @ApiPropertyOptional({ enum: [0, 1, 2, 3], description: `${TYPE_DESCRIPTION}. No cambia al editar` })
  @IsOptional()
  @IsIn([0, 1, 2, 3], { message: M.typeRequired })
  templateType?: EmailTemplateType;

  @ApiPropertyOptional({ enum: VISITOR_LANGUAGES, description: `${LANGUAGE_DESCRIPTION}. No cambia al editar` })
  @IsOptional()
  @IsIn(VISITOR_LANGUAGES, { message: M.languageInvalid })
  language?: VisitorLanguage;
}

export class EmailPreviewDto implements EmailPreview {
  @ApiProperty({ example: 'Inscripción confirmada: Concierto de ejemplo' }) subject: string;
  @ApiProperty({ description: 'El HTML con los datos de ejemplo (valores escapados)' }) html: string;
  @ApiProperty({ description: 'La parte de texto plano' }) text: string;
}
