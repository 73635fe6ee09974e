import { canAccess } from './routes';

describe('permisos de las pantallas de email y SMS (tabla de la especificación y docs/domain.md)', () => {
  it('ver: configuración y plantillas con Settings.Update, registro de emails con EmailLogs.Read, registro de SMS con Settings.Read', () => {
    for (const section of ['email-settings', 'email-templates', 'sms-settings']) {
      expect(canAccess(['Settings.Update'], section, 'list')).toBe(true);
      expect(canAccess(['Settings.Read'], section, 'list')).toBe(false);
    }
    expect(canAccess(['EmailLogs.Read'], 'email-logs', 'list')).toBe(true);
    expect(canAccess(['Settings.Read'], 'email-logs', 'list')).toBe(false);
    expect(canAccess(['Settings.Read'], 'sms-logs', 'list')).toBe(true);
  });

  it('plantillas: crear, editar y vista previa con Settings.Update', () => {
    for (const action of ['create', 'edit', 'show']) {
      expect(canAccess(['Settings.Update'], 'email-templates', action)).toBe(true);
      expect(canAccess(['Settings.Read'], 'email-templates', action)).toBe(false);
    }
  });

  it('reenviar va con ver el registro; eliminar registros pide Settings.Delete', () => {
    expect(canAccess(['EmailLogs.Read'], 'email-logs', 'resend')).toBe(true);
    expect(canAccess(['EmailLogs.Read'], 'email-logs', 'delete')).toBe(false);
    expect(canAccess(['EmailLogs.Read', 'Settings.Delete'], 'email-logs', 'delete')).toBe(true);
    expect(canAccess(['Settings.Read'], 'sms-logs', 'delete')).toBe(false);
    expect(canAccess(['Settings.Delete'], 'sms-logs', 'delete')).toBe(true);
  });
});
