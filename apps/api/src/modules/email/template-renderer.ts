import {
  EMAIL_MESSAGES,
  EMAIL_PLACEHOLDERS,
  LANGUAGE_LOCALE,
  type EmailPlaceholder,
  type VisitorLanguage,
} from '@evreg/contracts';
import Handlebars from 'handlebars';
import sanitizeHtml from 'sanitize-html';

const M = EMAIL_MESSAGES;

/** Every placeholder's value, as text. */
export type Placeholders = Record<EmailPlaceholder, string>;

/** An isolated Handlebars: nothing registered globally can leak in (no partials, no custom helpers). */
const hb = Handlebars.create();
const KNOWN = new Set<string>(EMAIL_PLACEHOLDERS);
const BLOCK_HELPERS = new Set(['if', 'unless']);

/** Where a template's text goes: the HTML part escapes values; the subject and the plain-text part don't (they
 * are not HTML, and nodemailer encodes headers). */
export type TemplatePart = 'html' | 'text';

const compiled = new Map<string, HandlebarsTemplateDelegate>();

/** Fills a template already checked by `templateProblem`. strict: a name missing from the values throws instead of
 * printing nothing; knownHelpersOnly: only the built-in helpers; prototype properties are never read. */
export function renderTemplate(source: string, values: Placeholders, part: TemplatePart): string {
  const key = `${part}\u0000${source}`;
  let template = compiled.get(key);
  if (!template) {
    template = hb.compile(source, { strict: true, knownHelpersOnly: true, noEscape: part === 'text' });
    // A small bounded cache: the same few templates are rendered for every message of a rush.
    if (compiled.size >= 100) compiled.clear();
    compiled.set(key, template);
  }
  return template({ ...values }, { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false });
}

/** Why a template can't be saved, in Spanish, or null. Only the spec's placeholders, `{{#if x}}` /
 * `{{#unless x}}` blocks on them, and in HTML only escaped output (`{{x}}`, never `{{{x}}}`), so a registrant's
 * name can't inject markup. */
export function templateProblem(source: string, part: TemplatePart): string | null {
  let program: hbs.AST.Program;
  try {
    program = hb.parse(source);
  } catch (error) {
    const line = /line (\d+)/.exec((error as Error).message)?.[1];
    return M.templateSyntax(line ? `error de sintaxis en la línea ${line}` : 'error de sintaxis');
  }
  const checker = new PlaceholderChecker(part);
  checker.accept(program);
  return checker.problem;
}

class PlaceholderChecker extends Handlebars.Visitor {
  problem: string | null = null;

  constructor(private readonly part: TemplatePart) {
    super();
  }

  override MustacheStatement(node: hbs.AST.MustacheStatement): void {
    if (!node.escaped && this.part === 'html') return this.fail(M.unescapedPlaceholder);
    if (node.params.length || node.hash) return this.fail(M.templateSyntax('un marcador no admite parámetros'));
    this.placeholder(node.path);
  }

  override BlockStatement(node: hbs.AST.BlockStatement): void {
    const name = node.path.original;
    if (!BLOCK_HELPERS.has(name) || node.params.length !== 1 || node.hash) {
      return this.fail(
        M.templateSyntax(`solo se admiten bloques {{#if marcador}} y {{#unless marcador}} (encontrado {{#${name}}})`),
      );
    }
    this.placeholder(node.params[0]);
    if (node.program) this.accept(node.program);
    if (node.inverse) this.accept(node.inverse);
  }

  override PartialStatement(): void {
    this.fail(M.templateSyntax('no se admiten parciales ({{> }})'));
  }

  override PartialBlockStatement(): void {
    this.fail(M.templateSyntax('no se admiten parciales ({{> }})'));
  }

  override DecoratorBlock(): void {
    this.fail(M.templateSyntax('no se admiten decoradores'));
  }

  override Decorator(): void {
    this.fail(M.templateSyntax('no se admiten decoradores'));
  }

  private placeholder(node: hbs.AST.Expression | hbs.AST.Literal): void {
    const path = node as hbs.AST.PathExpression;
    if (
      path.type !== 'PathExpression' ||
      path.data ||
      path.depth > 0 ||
      path.parts.length !== 1 ||
      !KNOWN.has(path.parts[0])
    ) {
      const shown =
        path.type === 'PathExpression' ? path.original : String((node as { original?: unknown }).original ?? '');
      this.fail(M.unknownPlaceholder(shown));
    }
  }

  private fail(message: string): void {
    this.problem ??= message;
  }
}

/** A plain-text version of an HTML template, for the text/plain part when the template has none. Runs on the
 * template (placeholders stay), so the values are filled unescaped afterwards. Blocks and line breaks become new
 * lines, a link keeps its address ("texto (url)"), other markup goes. */
export function htmlToTextTemplate(html: string): string {
  const withBreaks = html
    .replace(
      /<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1[^>]*>([\s\S]*?)<\/a\s*>/gi,
      (_m, _q, href: string, label: string) => `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|table|tr|blockquote)\s*>/gi, '\n\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
    // sanitize-html writes text with &, < and > escaped (entities of the input are decoded on parsing).
    .replace(/&(amp|lt|gt);/g, (_m, name: string) => ({ amp: '&', lt: '<', gt: '>' })[name] ?? '');
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A value escaped exactly as a template's {{placeholder}} is in the HTML part. */
export const escapeLikePlaceholder = (text: string): string => Handlebars.Utils.escapeExpression(text);

/** Values of an HTML-escaped text (for e-mails built in code, not from templates). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const dateFormats = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string, locale: string) {
  const key = `${locale} ${timeZone}`;
  let formats = dateFormats.get(key);
  if (!formats) {
    formats = {
      date: new Intl.DateTimeFormat(locale, {
        timeZone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
      time: new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    };
    dateFormats.set(key, formats);
  }
  return formats;
}

export interface SessionTimes {
  startsAt: Date;
  endsAt: Date;
  isAllDay: boolean;
  timeZone: string;
}

/** "All day" and "all day, until <date>" in each language. */
const ALL_DAY: Record<VisitorLanguage, { allDay: string; until: (date: string) => string }> = {
  es: { allDay: 'Todo el día', until: (d) => `Todo el día, hasta el ${d}` },
  ca: { allDay: 'Tot el dia', until: (d) => `Tot el dia, fins al ${d}` },
  eu: { allDay: 'Egun osoa', until: (d) => `Egun osoa, ${d} arte` },
  gl: { allDay: 'Todo o día', until: (d) => `Todo o día, ata o ${d}` },
  en: { allDay: 'All day', until: (d) => `All day, until ${d}` },
};

/** The date placeholders in the person's language (its locale, 24 h; Spanish by default) in the event's time
 * zone: "sábado, 14 de marzo de 2026", "18:00", "18:00 - 19:30", "sábado, 14 de marzo de 2026, 18:00"; in Catalan
 * "dissabte, 14 de març del 2026"... An all-day session says "Todo el día" (or the language's words). A session
 * ending on a later day shows that day with its end time. */
export function sessionPlaceholders(
  s: SessionTimes,
  language: VisitorLanguage = 'es',
): Pick<Placeholders, 'eventDate' | 'eventTime' | 'eventEndTime' | 'eventTimeRange' | 'eventDateTime'> {
  const f = formatsFor(s.timeZone, LANGUAGE_LOCALE[language]);
  const words = ALL_DAY[language];
  const eventDate = f.date.format(s.startsAt);
  const endDate = f.date.format(s.endsAt);
  if (s.isAllDay) {
    const range = endDate === eventDate ? words.allDay : words.until(endDate);
    return {
      eventDate,
      eventTime: words.allDay,
      eventEndTime: '',
      eventTimeRange: range,
      eventDateTime: `${eventDate} (${range.toLowerCase()})`,
    };
  }
  const eventTime = f.time.format(s.startsAt);
  const endTime = f.time.format(s.endsAt);
  const eventEndTime = endDate === eventDate ? endTime : `${endDate}, ${endTime}`;
  return {
    eventDate,
    eventTime,
    eventEndTime,
    eventTimeRange: `${eventTime} - ${eventEndTime}`,
    eventDateTime: `${eventDate}, ${eventTime}`,
  };
}

/** The place as one line: venue, street address, city (the parts that are set). */
export function addressLine(parts: { place?: string | null; address?: string | null; city?: string | null }): string {
  return [parts.place, parts.address, parts.city]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');
}
