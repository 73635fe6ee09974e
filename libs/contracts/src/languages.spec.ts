import { languageFromAcceptLanguage, pickVisitorLanguage } from './languages';

describe('visitor language choice', () => {
  it('takes the first supported primary subtag, Spanish otherwise', () => {
    expect(pickVisitorLanguage(['fr-FR', 'ca-ES', 'en'])).toBe('ca');
    expect(pickVisitorLanguage(['EU'])).toBe('eu');
    expect(pickVisitorLanguage(['fr', 'de'])).toBe('es');
    expect(pickVisitorLanguage([])).toBe('es');
  });

  it('orders Accept-Language by q weight, keeping the header order on ties and dropping q=0', () => {
    expect(languageFromAcceptLanguage('fr;q=0.9, gl;q=0.5, en;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('en-GB,en;q=0.9,es;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('ca;q=0, eu;q=0.3')).toBe('eu');
    expect(languageFromAcceptLanguage('gl, en')).toBe('gl');
  });

  it('answers Spanish for an absent, wildcard or malformed header', () => {
    expect(languageFromAcceptLanguage(undefined)).toBe('es');
    expect(languageFromAcceptLanguage('*')).toBe('es');
    expect(languageFromAcceptLanguage(';;;,,q=')).toBe('es');
    expect(languageFromAcceptLanguage('x'.repeat(600))).toBe('es');
  });
});
