import { MESSAGES } from './messages';
import { catalogProblems, VISITOR_MESSAGES } from './visitor-messages';
import { VISITOR_LANGUAGES } from './languages';

const spanishSource = (path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], MESSAGES);

describe('mensajes de la API para visitantes (i18n/visitor/<idioma>.json)', () => {
  it('hay un archivo por idioma y cada uno tiene todas las claves con los mismos marcadores', () => {
    expect(Object.keys(VISITOR_MESSAGES).sort()).toEqual([...VISITOR_LANGUAGES].sort());
    expect(catalogProblems(VISITOR_MESSAGES)).toEqual([]);
  });

  it('es.json copia los textos de MESSAGES, la fuente en español que comparte el back office', () => {
    for (const [key, text] of Object.entries(VISITOR_MESSAGES.es))
      expect([key, spanishSource(key)]).toEqual([key, text]);
  });

  it('cada texto que el código escribe a una persona (correos, SMS, calendario, puerta) tiene su clave en los catálogos', () => {
    const paths = (['visitorEmail', 'visitorSms', 'doorVisitor'] as const).flatMap((group) =>
      Object.keys(MESSAGES[group]).map((key) => `${group}.${key}`),
    );
    for (const lang of VISITOR_LANGUAGES)
      expect([lang, paths.filter((path) => !VISITOR_MESSAGES[lang][path])]).toEqual([lang, []]);
  });

  it('señala una clave que falta, una que sobra y un marcador cambiado', () => {
    const es = { a: 'Hola {name}', b: 'En {minutes} min', c: 'Acepto la <link>política</link>' };
    expect(catalogProblems({ es, ca: { a: 'Hola {nom}', c: 'Accepto la política', d: 'x' } }).sort()).toEqual(
      [
        'ca: a no tiene los mismos marcadores ({name})',
        'ca: c no tiene los mismos marcadores (</link> <link>)',
        'ca: falta b',
        'ca: sobra d',
      ].sort(),
    );
  });
});
