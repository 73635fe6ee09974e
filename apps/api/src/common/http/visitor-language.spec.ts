import { MESSAGES, VISITOR_LANGUAGES, VISITOR_MESSAGES } from '@evreg/contracts';
import { VisitorMessages } from './visitor-language';

describe('VisitorMessages', () => {
  const messages = new VisitorMessages();

  it('writes a Spanish visitor message again in the language asked for, with its values', () => {
    expect(messages.translate(MESSAGES.booking.holdFull, 'en')).toBe(
      'There are not enough free places left to reserve',
    );
    expect(messages.translate(MESSAGES.booking.tooManyRefusals.replace('{minutes}', '15'), 'eu')).toBe(
      'Izena emateko saiakera gehiegi baztertu dira. Saiatu berriro geroago (15 min barru).',
    );
    expect(messages.translate(MESSAGES.booking.holdFull, 'es')).toBe(MESSAGES.booking.holdFull);
  });

  it('renders every catalog text as written (apostrophes, parentheses, colons kept) with its values in place', () => {
    for (const lang of VISITOR_LANGUAGES)
      for (const [key, text] of Object.entries(VISITOR_MESSAGES[lang])) {
        const values = Object.fromEntries([...text.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], `{${m[1]}}`]));
        expect([lang, key, messages.render(lang, key, values)]).toEqual([lang, key, text]);
      }
  });

  it('keeps a refusal its own key when an e-mail line has the same Spanish words', () => {
    expect(MESSAGES.visitorEmail.refusedSubject).toBe(MESSAGES.booking.refusedTitle);
    expect(messages.translateBody({ title: MESSAGES.booking.refusedTitle }, 'ca')).toEqual({
      title: VISITOR_MESSAGES.ca['booking.refusedTitle'],
    });
  });

  it('leaves a text that is not a visitor message in Spanish', () => {
    expect(messages.translate(MESSAGES.user.notFound, 'ca')).toBe(MESSAGES.user.notFound);
    expect(messages.translate('El campo "foo" no está permitido', 'gl')).toBe('El campo "foo" no está permitido');
  });

  it('translates message, title, errors and attendeeErrors of a body, keeping its code and shape', () => {
    const body = {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: MESSAGES.booking.emailInvalid,
      title: MESSAGES.booking.validationTitle,
      attendeeErrors: { '0': [MESSAGES.booking.emailInvalid, MESSAGES.booking.taxIdRequired] },
      errors: { email: [MESSAGES.booking.emailInvalid] },
    };
    expect(messages.translateBody(body, 'gl')).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'O correo electrónico non é válido',
      title: 'Erro de validación',
      attendeeErrors: { '0': ['O correo electrónico non é válido', 'O DNI/NIE é obrigatorio'] },
      errors: { email: ['O correo electrónico non é válido'] },
    });
  });
});
