import { netelipNetworkText } from './netelip-error-text';

describe('Netelip unreachable, in Spanish with the code as a detail', () => {
  it('explains the usual network codes and HTTP failures', () => {
    expect(netelipNetworkText('ECONNREFUSED')).toBe('conexión rechazada (ECONNREFUSED)');
    expect(netelipNetworkText('ENOTFOUND')).toBe('no se encontró el servidor (ENOTFOUND)');
    expect(netelipNetworkText('UND_ERR_CONNECT_TIMEOUT')).toBe('no respondió a tiempo (UND_ERR_CONNECT_TIMEOUT)');
    expect(netelipNetworkText('HTTP 503')).toBe('error del servidor de Netelip (HTTP 503)');
  });
  it('anything else: could not connect, with what was said', () => {
    expect(netelipNetworkText('fetch failed')).toBe('no se pudo conectar (fetch failed)');
    expect(netelipNetworkText('')).toBe('no se pudo conectar (sin detalle)');
  });
});
