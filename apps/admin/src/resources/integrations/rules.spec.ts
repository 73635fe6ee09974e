import { WEBHOOK_EVENT_TYPES } from '@evreg/contracts';
import {
  clickKey,
  creatorName,
  deliveryStatusLabel,
  eventLabel,
  formErrors,
  isExpired,
  isWebhookUrl,
  permissionsNamed,
  pickablePermissions,
  testOutcome,
  tokenErrors,
  webhookErrors,
  webhookEventChoices,
} from './rules';

describe('integraciones: tokens de API', () => {
  it('offers only the permissions the user holds, in catalogue order, with local ids', () => {
    const offered = pickablePermissions(['Users.Read', 'Events.Read']);
    expect(offered.map((p) => [p.id, p.name, p.resource, p.action])).toEqual([
      [2, 'Events.Read', 'Events', 'Read'],
      [18, 'Users.Read', 'Users', 'Read'],
    ]);
    expect(offered[0].description).toBe('Ver eventos y sesiones');
    expect(pickablePermissions([])).toEqual([]);
    expect(permissionsNamed(['Users.Read']).map((p) => p.id)).toEqual([18]);
  });

  it('checks the form with the API texts', () => {
    const now = new Date(2030, 5, 15, 12);
    expect(tokenErrors({}, now)).toEqual({
      name: 'El nombre del token es requerido',
      permissionIds: 'Elige al menos un permiso',
    });
    expect(tokenErrors({ name: 'x'.repeat(101), permissionIds: [1], expiresOn: '2030-06-14' }, now)).toEqual({
      name: 'El nombre del token no puede superar 100 caracteres',
      expiresOn: 'La fecha de caducidad debe ser futura',
    });
    // Today is fine: the token works until the end of the day.
    expect(tokenErrors({ name: 'Hoy', permissionIds: [1], expiresOn: '2030-06-15' }, now)).toEqual({});
  });

  it('puts the server’s field errors on the form’s fields', () => {
    expect(formErrors({ permissions: 'No puedes…', expiresAt: 'Futura', name: 'Nombre' })).toEqual({
      permissionIds: 'No puedes…',
      expiresOn: 'Futura',
      name: 'Nombre',
    });
  });

  it('tells expired tokens and names the creator', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(isExpired({ expiresAt: null }, now)).toBe(false);
    expect(isExpired({ expiresAt: '2029-12-31T23:59:59Z' }, now)).toBe(true);
    expect(isExpired({ expiresAt: '2030-01-02T00:00:00Z' }, now)).toBe(false);
    expect(creatorName({ createdByName: null, createdByEmail: 'ana@example.com' })).toBe('ana@example.com');
    expect(creatorName({ createdByName: 'Ana García', createdByEmail: 'ana@example.com' })).toBe('Ana García');
  });
});

describe('integraciones: webhooks', () => {
  it('takes the URLs of the shape the API takes (the API decides which addresses)', () => {
    expect(isWebhookUrl('https://integrador.example.com/webhooks')).toBe(true);
    expect(isWebhookUrl('http://127.0.0.1:8080/x?y=1')).toBe(true);
    expect(isWebhookUrl('ftp://example.com/')).toBe(false);
    expect(isWebhookUrl('example.com/webhooks')).toBe(false);
    expect(isWebhookUrl('javascript:alert(1)')).toBe(false);
    expect(isWebhookUrl('https://')).toBe(false);
  });

  it('checks the form with the API texts', () => {
    expect(webhookErrors({})).toEqual({
      url: 'La URL es requerida',
      events: 'Indique al menos un tipo de evento',
    });
    expect(webhookErrors({ url: '  ', events: ['desconocido'] })).toEqual({
      url: 'La URL es requerida',
      events: 'Indique al menos un tipo de evento',
    });
    expect(webhookErrors({ url: 'integrador.example.com', events: ['session.full'] })).toEqual({
      url: 'La URL debe ser una dirección http:// o https:// válida',
    });
    expect(webhookErrors({ url: `https://example.com/${'x'.repeat(2000)}`, events: ['session.full'] })).toEqual({
      url: 'La URL no puede superar los 2000 caracteres',
    });
    expect(webhookErrors({ url: 'https://user:clave@example.com/hook', events: ['session.full'] })).toEqual({
      url: 'Destino no permitido: la URL no puede llevar usuario ni contraseña (usuario:clave@)',
    });
    expect(webhookErrors({ url: ' https://example.com/hook ', events: ['session.full'] })).toEqual({});
  });

  it('names every event type and status in Spanish', () => {
    expect(webhookEventChoices.map((c) => c.id)).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(webhookEventChoices.every((c) => c.name && !c.name.includes('.'))).toBe(true);
    expect(eventLabel('session.waitinglist.full')).toBe('Lista de espera completa');
    expect(eventLabel('webhook.test')).toBe('Prueba');
    expect(eventLabel('nuevo.tipo')).toBe('nuevo.tipo');
    expect(['Pending', 'Delivered', 'Failed'].map(deliveryStatusLabel)).toEqual(['Pendiente', 'Entregado', 'Fallido']);
  });

  it('tells the outcome of a test delivery', () => {
    expect(testOutcome({ status: 'Delivered', attempts: 1, lastError: null })).toEqual({
      type: 'success',
      text: 'Prueba entregada correctamente',
    });
    expect(testOutcome({ status: 'Pending', attempts: 1, lastError: 'El receptor respondió 500' })).toEqual({
      type: 'warning',
      text: 'La prueba no se entregó: el receptor respondió 500. Se reintentará; consulta los envíos.',
    });
    expect(
      testOutcome({
        status: 'Failed',
        attempts: 1,
        lastError: 'Destino no permitido: dirección de enlace local (169.254.169.254)',
      }).text,
    ).toBe(
      'La prueba no se entregó: destino no permitido: dirección de enlace local (169.254.169.254). Consulta los envíos.',
    );
    expect(testOutcome({ status: 'Pending', attempts: 0, lastError: null }).type).toBe('info');
    expect(testOutcome(undefined).text).toMatch(/^Entrega de prueba registrada/);
  });
});

describe("integraciones: 'Reenviar' una vez por clic", () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  it('cada clic lleva su propio UUID, también en una página sin HTTPS (sin crypto.randomUUID)', () => {
    expect(clickKey()).toMatch(UUID);
    expect(clickKey()).not.toBe(clickKey());
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const keys = Array.from({ length: 50 }, clickKey);
      for (const key of keys) expect(key).toMatch(UUID);
      expect(new Set(keys).size).toBe(50);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
