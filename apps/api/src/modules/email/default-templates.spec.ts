import { defaultTemplate } from '../../database/migrations/1764000000400-DefaultTemplateTranslations';
import { templateProblem } from './template-renderer';

/** Every `{{…}}` of a text, in order (placeholders and `#if` blocks). */
const marks = (source: string) => source.match(/\{\{[^}]+\}\}/g) ?? [];

describe('the default templates in ca, eu, gl and en (docs/domain.md, "Idiomas: datos")', () => {
  for (const type of [0, 1, 2, 3] as const) {
    const spanish = defaultTemplate(type, 'es');
    for (const language of ['ca', 'eu', 'gl', 'en'] as const) {
      it(`type ${type} in ${language}: the Spanish default's placeholders and blocks, in the same order; valid for the editor`, () => {
        const t = defaultTemplate(type, language);
        expect(marks(t.subject)).toEqual(marks(spanish.subject));
        expect(marks(t.html)).toEqual(marks(spanish.html));
        expect(marks(t.text)).toEqual(marks(spanish.text));
        for (const [source, part] of [
          [t.subject, 'text'],
          [t.html, 'html'],
          [t.text, 'text'],
        ] as const)
          expect(templateProblem(source, part)).toBeNull();
        // Translated: no sentence of the Spanish text left (a label such as Galician 'Lugar' may be the same word).
        const sentences = (s: string) =>
          new Set(s.split('\n').filter((line) => line.replace(/\{\{[^}]+\}\}|<[^>]+>/g, '').split(/\s+/).length > 4));
        const left = [...sentences(t.text)].filter((line) => sentences(spanish.text).has(line));
        expect(left).toEqual([]);
        expect(t.name).toMatch(/ \((catalán|euskera|gallego|inglés)\)$/);
      });
    }
  }
});
