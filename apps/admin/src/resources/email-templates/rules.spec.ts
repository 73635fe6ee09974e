import { EMAIL_PLACEHOLDERS } from '@evreg/contracts';
import { templateRequest } from '../../providers/requests';
import {
  NEW_TEMPLATE,
  PLACEHOLDER_HELP,
  replacedTemplate,
  templateErrors,
  templateTypeLabel,
  typeLanguages,
} from './rules';

describe('plantillas de email (especificación 3 y 5)', () => {
  it('nombre, asunto y HTML requeridos; el tipo solo al crear', () => {
    expect(templateErrors(NEW_TEMPLATE, true)).toEqual({
      name: 'El nombre es requerido',
      subject: 'El asunto es requerido',
      htmlContent: 'El contenido HTML es requerido',
      templateType: 'El tipo de plantilla es requerido',
    });
    expect(
      templateErrors({ ...NEW_TEMPLATE, name: '  ', subject: 'A', htmlContent: '<p>x</p>', templateType: 0 }, true),
    ).toEqual({ name: 'El nombre es requerido' });
    expect(templateErrors({ ...NEW_TEMPLATE, name: 'N', subject: 'A', htmlContent: '<p>x</p>' }, false)).toEqual({});
  });

  it('el cuerpo enviado: textos recortados y texto plano vacío como null', () => {
    expect(
      templateRequest({
        name: ' Bienvenida ',
        subject: ' Hola {{firstName}} ',
        htmlContent: '<p>Hola</p>',
        plainTextContent: '  ',
        templateType: 2,
        isActive: false,
      }),
    ).toEqual({
      name: 'Bienvenida',
      subject: 'Hola {{firstName}}',
      htmlContent: '<p>Hola</p>',
      plainTextContent: null,
      templateType: 2,
      language: 'es',
      isActive: false,
    });
    expect(templateRequest({ ...NEW_TEMPLATE, language: 'ca' }).language).toBe('ca');
    // A new template starts inactive.
    expect(templateRequest({ ...NEW_TEMPLATE, plainTextContent: 'Hola' }).isActive).toBe(false);
    expect(templateRequest({ ...NEW_TEMPLATE, isActive: true }).isActive).toBe(true);
  });

  it('etiquetas de tipo y ayuda de cada marcador', () => {
    expect(templateTypeLabel(0)).toBe('Confirmación de inscripción');
    expect(templateTypeLabel(1, [{ value: 1, label: 'Cola' }])).toBe('Cola');
    expect(Object.keys(PLACEHOLDER_HELP).sort()).toEqual([...EMAIL_PLACEHOLDERS].sort());
  });
});

describe('activar una plantilla sustituye a la activa de su tipo', () => {
  const list = [
    { id: 1, name: 'Confirmación', templateType: 0, isActive: true },
    { id: 2, name: 'Lista', templateType: 1, isActive: true },
    { id: 3, name: 'Borrador', templateType: 1, isActive: false },
  ];
  it('nombra la que se desactivará al crear o al activar una inactiva', () => {
    expect(replacedTemplate(list, { isActive: true, templateType: 1 })?.name).toBe('Lista');
    expect(replacedTemplate(list, { isActive: true, templateType: 1 }, { id: 3, isActive: false })?.name).toBe('Lista');
  });
  it('nada que confirmar si queda inactiva, si ya era la activa o si su tipo no tiene otra', () => {
    expect(replacedTemplate(list, { isActive: false, templateType: 1 })).toBeUndefined();
    expect(replacedTemplate(list, { isActive: true, templateType: 1 }, { id: 2, isActive: true })).toBeUndefined();
    expect(replacedTemplate(list, { isActive: true, templateType: 2 })).toBeUndefined();
  });
  it('solo la activa del mismo idioma: una versión en catalán no sustituye a la española', () => {
    const withCatalan = [...list, { id: 4, name: 'Confirmació', templateType: 0, language: 'ca', isActive: true }];
    expect(replacedTemplate(withCatalan, { isActive: true, templateType: 0, language: 'ca' })?.name).toBe(
      'Confirmació',
    );
    expect(replacedTemplate(withCatalan, { isActive: true, templateType: 0, language: 'eu' })).toBeUndefined();
    expect(replacedTemplate(withCatalan, { isActive: true, templateType: 0 })?.name).toBe('Confirmación');
  });
});

describe('los idiomas de un tipo (chips ES CA EU GL EN)', () => {
  it('la activa de cada idioma, si no otra de ese idioma, si no ninguna', () => {
    const templates = [
      { id: 1, templateType: 0, language: 'es', isActive: true },
      { id: 2, templateType: 0, language: 'ca', isActive: false },
      { id: 3, templateType: 0, language: 'en', isActive: false },
      { id: 4, templateType: 0, language: 'en', isActive: true },
      { id: 5, templateType: 1, language: 'gl', isActive: true },
    ];
    expect(typeLanguages(templates, 0).map((l) => [l.chip, l.template?.id ?? null, l.active])).toEqual([
      ['ES', 1, true],
      ['CA', 2, false],
      ['EU', null, false],
      ['GL', null, false],
      ['EN', 4, true],
    ]);
  });
});
