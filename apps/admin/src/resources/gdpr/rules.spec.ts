import { deletedSummary, exportFileName, gdprEmailError, matchState } from './rules';

describe('RGPD (especificación 5 y 9)', () => {
  it('la búsqueda necesita un correo electrónico', () => {
    expect(gdprEmailError('')).toBe('Por favor indique un correo electrónico');
    expect(gdprEmailError('  ')).toBe('Por favor indique un correo electrónico');
    expect(gdprEmailError('ana@')).toBe('Por favor indique un correo electrónico');
    expect(gdprEmailError(' ana@example.com ')).toBeNull();
  });

  it('la exportación se llama con el email y la fecha', () => {
    expect(exportFileName('Ana@Example.com', new Date(2026, 2, 5))).toBe('datos-rgpd-ana@example.com-2026-03-05.json');
  });

  it('el resumen de lo borrado', () => {
    const result = {
      email: 'ana@example.com',
      deletedRegistrations: 2,
      deletedWaitingEntries: 1,
      deletedConsents: 2,
      deletedEmailMessages: 3,
      deletedSmsMessages: 0,
      deletedCheckIns: 1,
      deletedBlacklistEntries: 0,
      keptActiveBlacklistEntries: 1,
      promotedFromWaitingList: 1,
      deletedHistoryEntries: 4,
    };
    expect(deletedSummary(result)).toBe(
      'Eliminados: 2 registros (1 en lista de espera), 2 consentimientos, 3 emails, 0 SMS, 1 entradas en la puerta, 4 apuntes del historial, 0 entradas caducadas de la lista negra.' +
        ' Se conservan 1 entradas activas de la lista negra hasta que caduquen. 1 personas han pasado de la lista de espera a inscritas.',
    );
  });

  it('dónde está cada coincidencia: activa, cancelada o en lista de espera con su posición', () => {
    expect(matchState({ status: 'Active', queuePosition: null })).toBe('Activa');
    expect(matchState({ status: 'Cancelled', queuePosition: null })).toBe('Cancelada');
    expect(matchState({ status: 'Waiting', queuePosition: 3 })).toBe('En lista de espera (posición 3)');
  });
});
