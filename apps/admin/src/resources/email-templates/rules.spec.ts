import { EMAIL_PLACEHOLDERS } from '@evreg/contracts';
import { NEW_TEMPLATE, PLACEHOLDER_HELP, templateErrors, templateRequest, templateTypeLabel } from './rules';

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
      isActive: false,
    });
    expect(templateRequest({ ...NEW_TEMPLATE, plainTextContent: 'Hola' }).isActive).toBe(true);
  });

  it('etiquetas de tipo y ayuda de cada marcador', () => {
    expect(templateTypeLabel(0)).toBe('Confirmación de inscripción');
    expect(templateTypeLabel(1, [{ value: 1, label: 'Cola' }])).toBe('Cola');
    expect(Object.keys(PLACEHOLDER_HELP).sort()).toEqual([...EMAIL_PLACEHOLDERS].sort());
  });
});
