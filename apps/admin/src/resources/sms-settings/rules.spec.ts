import { smsRequestFromForm } from './rules';

describe('configuración de SMS (especificación 5)', () => {
  it('el token se envía solo si se ha escrito', () => {
    expect(smsRequestFromForm({ smsEnabled: true, senderName: ' EVENTOS ', netelipToken: '' })).toEqual({
      smsEnabled: true,
      senderName: 'EVENTOS',
    });
    expect(smsRequestFromForm({ smsEnabled: false, senderName: '', netelipToken: '   ' })).toEqual({
      smsEnabled: false,
      senderName: '',
    });
    expect(smsRequestFromForm({ smsEnabled: true, senderName: 'EVENTOS', netelipToken: ' tok-1 ' })).toEqual({
      smsEnabled: true,
      senderName: 'EVENTOS',
      netelipToken: 'tok-1',
    });
  });
});
