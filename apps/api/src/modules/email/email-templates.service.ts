import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EMAIL_MESSAGES,
  EMAIL_TEMPLATE_TYPES,
  EmailPreview,
  EmailTemplate,
  EmailTemplateType,
  EmailTemplateTypeOption,
  DEFAULT_VISITOR_LANGUAGE,
  type VisitorLanguage,
} from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { isUniqueViolation } from '../../database/pg-errors';
import { CreateEmailTemplateDto, EmailPreviewRequestDto, UpdateEmailTemplateDto } from './dto/email-template.dto';
import { fillTemplate, previewTicketImage, TICKET_QR_MARK } from './email-composer';
import { EmailSettingsService } from './email-settings.service';
import { type Placeholders, sessionPlaceholders, templateProblem } from './template-renderer';

const M = EMAIL_MESSAGES;

const SELECT = `
  SELECT id, name, subject, html_content AS "htmlContent", plain_text_content AS "plainTextContent",
         template_type AS "templateType", language, is_active AS "isActive", updated_at AS "updatedAt"
    FROM email_templates`;

type TemplateRow = Omit<EmailTemplate, 'updatedAt'> & { updatedAt: Date };
const toTemplate = (row: TemplateRow): EmailTemplate => ({ ...row, updatedAt: row.updatedAt.toISOString() });

/** Templates of the four types, each in a language (es, ca, eu, gl, en). The one used for a type and language is
 * its active one, and there is at most one (a unique index): saving a template as active deactivates the other
 * one of its type and language in the same transaction. A person gets their booking language's active template,
 * the Spanish one where staff wrote none; a type with no active Spanish template sends nothing to those (their
 * messages fail with that reason, and can be resent once one is active). */
@Injectable()
export class EmailTemplatesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly settings: EmailSettingsService,
  ) {}

  async list(): Promise<EmailTemplate[]> {
    const rows: TemplateRow[] = await this.ds.query(
      `${SELECT} ORDER BY template_type, array_position(ARRAY['es','ca','eu','gl','en']::varchar[], language), is_active DESC, name, id`,
    );
    return rows.map(toTemplate);
  }

  async get(id: number, db: DataSource | EntityManager = this.ds, lock = false): Promise<EmailTemplate> {
    const [row]: TemplateRow[] = await db.query(`${SELECT} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    if (!row) throw AppError.notFound(M.templateNotFound);
    return toTemplate(row);
  }

  /** The template a person booked in `language` gets for this type: that language's active one, else Spanish. */
  async activeOfType(type: EmailTemplateType, language: VisitorLanguage = 'es'): Promise<EmailTemplate> {
    const [row]: TemplateRow[] = await this.ds.query(
      `${SELECT} WHERE template_type = $1 AND is_active AND language IN ('es', $2) ORDER BY language = 'es' LIMIT 1`,
      [type, language],
    );
    if (!row) throw AppError.notFound(M.noActiveTemplate);
    return toTemplate(row);
  }

  types(): EmailTemplateTypeOption[] {
    return [...EMAIL_TEMPLATE_TYPES];
  }

  async create(dto: CreateEmailTemplateDto): Promise<EmailTemplate> {
    this.assertValid(dto);
    // A new template starts inactive: it replaces the live one of its type only when asked to (isActive: true).
    const isActive = dto.isActive ?? false;
    const language = dto.language ?? DEFAULT_VISITOR_LANGUAGE;
    return this.activating(async (m) => {
      if (isActive) await this.deactivateOthers(m, dto.templateType, language, null);
      const [{ id }] = await m.query(
        `INSERT INTO email_templates (name, subject, html_content, plain_text_content, template_type, is_active, language) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          dto.name,
          dto.subject,
          dto.htmlContent,
          dto.plainTextContent?.trim() || null,
          dto.templateType,
          isActive,
          language,
        ],
      );
      return this.get(id, m);
    });
  }

  async update(id: number, dto: UpdateEmailTemplateDto): Promise<EmailTemplate> {
    this.assertValid(dto);
    return this.activating(async (m) => {
      const current = await this.get(id, m, true);
      if (dto.templateType !== undefined && dto.templateType !== current.templateType)
        throw AppError.field('templateType', M.typeFixed);
      if (dto.language !== undefined && dto.language !== current.language)
        throw AppError.field('language', M.languageFixed);
      const isActive = dto.isActive ?? current.isActive;
      if (isActive) await this.deactivateOthers(m, current.templateType, current.language, id);
      await m.query(
        `UPDATE email_templates SET name = $2, subject = $3, html_content = $4, plain_text_content = $5, is_active = $6, updated_at = now() WHERE id = $1`,
        [id, dto.name, dto.subject, dto.htmlContent, dto.plainTextContent?.trim() || null, isActive],
      );
      return this.get(id, m);
    });
  }

  async remove(id: number): Promise<{ message: string }> {
    const [rows] = await this.ds.query(`DELETE FROM email_templates WHERE id = $1 RETURNING id`, [id]);
    if (!rows.length) throw AppError.notFound(M.templateNotFound);
    return { message: M.templateDeleted };
  }

  /** Unsaved content filled with sample data, checked as a save would check it. */
  async preview(dto: EmailPreviewRequestDto): Promise<EmailPreview> {
    this.assertValid(dto);
    return previewTicketImage(fillTemplate(dto, await this.sampleValues()), SAMPLE_TICKET);
  }

  async previewStored(id: number): Promise<EmailPreview> {
    return previewTicketImage(fillTemplate(await this.get(id), await this.sampleValues()), SAMPLE_TICKET);
  }

  /** Only the spec's placeholders, in a syntax Handlebars accepts; each problem on its field. */
  private assertValid(dto: EmailPreviewRequestDto): void {
    const errors: Record<string, string[]> = {};
    const checks: [keyof EmailPreviewRequestDto, string | null | undefined, 'html' | 'text'][] = [
      ['subject', dto.subject, 'text'],
      ['htmlContent', dto.htmlContent, 'html'],
      ['plainTextContent', dto.plainTextContent, 'text'],
    ];
    for (const [field, source, part] of checks) {
      const problem = source ? templateProblem(source, part) : null;
      if (problem) errors[field] = [problem];
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
  }

  private async deactivateOthers(
    m: EntityManager,
    type: EmailTemplateType,
    language: VisitorLanguage,
    keepId: number | null,
  ): Promise<void> {
    await m.query(
      `UPDATE email_templates SET is_active = false, updated_at = now() WHERE template_type = $1 AND language = $3 AND is_active AND id IS DISTINCT FROM $2`,
      [type, keepId, language],
    );
  }

  /** Two templates of one type and language activated at the same moment: the unique index lets one through. */
  private async activating<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.ds.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(M.activeConflict);
      throw error;
    }
  }

  private async sampleValues(): Promise<Placeholders> {
    const baseUrl = this.settings.linkBase(await this.settings.stored());
    return {
      firstName: 'María',
      eventTitle: 'Concierto de ejemplo',
      // Saturday 20 June 2026, 18:00-19:30 in Madrid.
      ...sessionPlaceholders({
        startsAt: new Date('2026-06-20T16:00:00Z'),
        endsAt: new Date('2026-06-20T17:30:00Z'),
        isAllDay: false,
        timeZone: 'Europe/Madrid',
      }),
      cancellationUrl: `${baseUrl}/cancel?token=ejemplo`,
      queuePosition: '3',
      address: 'Teatro Principal, Calle Mayor 1, Madrid',
      bookingReference: 'R-000123',
      organizerName: 'Ayuntamiento de ejemplo',
      organizerContact: 'cultura@ayuntamiento.example · 910 000 000 · https://cultura.ayuntamiento.example',
      ticketCode: SAMPLE_TICKET,
      ticketQr: TICKET_QR_MARK,
    };
  }
}

/** The preview's ticket: shaped like a real code, valid for no registration. */
const SAMPLE_TICKET = '123-EJEMPLOABCDEFGHIJKLMNOPQ';
