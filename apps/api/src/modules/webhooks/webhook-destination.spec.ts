import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import {
  AllowedDestinations,
  DestinationRefused,
  guardedLookup,
  nonPublicKind,
  urlRefusal,
  type Resolver,
} from './webhook-destination';

const none = new AllowedDestinations([]);
const kind = (address: string) => nonPublicKind(ipaddr.parse(address));

/** Runs a lookup as a connection would: `all` (Node's happy eyeballs) or one address. */
function look(lookup: LookupFunction, host: string, all = true): Promise<LookupAddress[] | string> {
  return new Promise((resolve, reject) =>
    lookup(host, { all }, (error, address) => (error ? reject(error) : resolve(address as LookupAddress[] | string))),
  );
}

describe('webhook destinations', () => {
  it.each([
    ['127.0.0.1', 'dirección de bucle local'],
    ['127.255.1.2', 'dirección de bucle local'],
    ['10.0.0.1', 'dirección privada'],
    ['172.16.0.1', 'dirección privada'],
    ['172.31.255.255', 'dirección privada'],
    ['192.168.1.1', 'dirección privada'],
    ['169.254.169.254', 'dirección de enlace local'],
    ['100.64.0.1', 'dirección compartida (CGNAT)'],
    ['0.0.0.0', 'dirección no especificada'],
    ['0.1.2.3', 'dirección no especificada'],
    ['224.0.0.1', 'dirección de multidifusión'],
    ['255.255.255.255', 'dirección de difusión'],
    ['240.0.0.1', 'dirección reservada'],
    ['192.0.2.10', 'dirección reservada'], // documentation
    ['198.51.100.1', 'dirección reservada'],
    ['203.0.113.5', 'dirección reservada'],
    ['198.18.0.1', 'dirección reservada'], // benchmarking
    ['::1', 'dirección de bucle local'],
    ['::', 'dirección no especificada'],
    ['fe80::1', 'dirección de enlace local'],
    ['fc00::1', 'dirección privada'],
    ['fd12:3456::1', 'dirección privada'],
    ['ff02::1', 'dirección de multidifusión'],
    ['2001:db8::1', 'dirección reservada'], // documentation
    ['::ffff:127.0.0.1', 'dirección de bucle local'],
    ['::ffff:7f00:1', 'dirección de bucle local'],
    ['::ffff:10.0.0.1', 'dirección privada'],
    ['::ffff:0:a9fe:a9fe', 'dirección de enlace local'], // IPv4-translated 169.254.169.254
    ['64:ff9b::7f00:1', 'dirección de bucle local'], // NAT64 of 127.0.0.1
    ['64:ff9b::a9fe:a9fe', 'dirección de enlace local'], // NAT64 of 169.254.169.254
    ['64:ff9b:1::1', 'dirección reservada'], // local-use NAT64
    ['2002:7f00:1::', 'dirección de bucle local'], // 6to4 of 127.0.0.1
    ['2001::1', 'dirección reservada'], // Teredo
    ['::7f00:1', 'dirección reservada'], // IPv4-compatible, deprecated
    ['4000::1', 'dirección reservada'], // outside 2000::/3
  ])('%s is a %s', (address, expected) => {
    expect(kind(address)).toBe(expected);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::'])(
    '%s is public',
    (address) => {
      expect(kind(address)).toBeNull();
    },
  );

  describe('a URL as it is saved', () => {
    it.each([
      ['http://127.0.0.1:8080/hook', 'bucle local (127.0.0.1)'],
      ['http://2130706433/', 'bucle local (127.0.0.1)'], // decimal
      ['http://0177.0.0.1/', 'bucle local (127.0.0.1)'], // octal
      ['http://0x7f.0x0.0x0.0x1/', 'bucle local (127.0.0.1)'], // hex
      ['http://0x7f000001/', 'bucle local (127.0.0.1)'],
      ['http://127.1/', 'bucle local (127.0.0.1)'], // short form
      ['http://127.0.0.1./', 'bucle local (127.0.0.1)'],
      ['http://[::1]/', 'bucle local (::1)'],
      ['http://[::ffff:7f00:1]/', 'bucle local (::ffff:7f00:1)'],
      ['http://[::ffff:127.0.0.1]:9000/', 'bucle local (::ffff:7f00:1)'],
      ['http://[64:ff9b::127.0.0.1]/', 'bucle local (64:ff9b::7f00:1)'],
      ['http://169.254.169.254/latest/meta-data/', 'enlace local (169.254.169.254)'],
      ['https://10.0.0.1/', 'privada (10.0.0.1)'],
      ['http://0/', 'no especificada (0.0.0.0)'],
      ['http://[fe80::1]/', 'enlace local (fe80::1)'],
      ['http://[fd00::1]/', 'privada (fd00::1)'],
    ])('refuses %s', (url, reason) => {
      expect(urlRefusal(url, none)).toMatch(
        new RegExp(`^Destino no permitido: dirección .*${reason.replace(/[().]/g, '\\$&')}$`),
      );
    });

    it('refuses credentials and other schemes; lets names and public addresses through', () => {
      for (const url of ['http://user:pass@example.com/', 'https://token@example.com/', 'http://:pass@example.com/'])
        expect(urlRefusal(url, none)).toBe(
          'Destino no permitido: la URL no puede llevar usuario ni contraseña (usuario:clave@)',
        );
      for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'gopher://127.0.0.1/', 'no es una URL'])
        expect(urlRefusal(url, none)).toBe('La URL debe ser una dirección http:// o https:// válida');
      for (const url of [
        'https://hooks.example.com/x',
        'http://localhost-api.example.com/',
        'http://8.8.8.8/',
        'http://[2606:4700::1]/',
      ])
        expect(urlRefusal(url, none)).toBeNull();
      // RFC 6761's loopback names, in any case, with the final dot, and under it.
      for (const [url, name] of [
        ['http://localhost:8080/', 'localhost'],
        ['http://LOCALHOST/', 'localhost'],
        ['http://localhost./', 'localhost.'],
        ['http://a.b.localhost/', 'a.b.localhost'],
      ])
        expect(urlRefusal(url, none)).toBe(`Destino no permitido: nombre de bucle local (${name})`);
      // Only by name on the list: an allowed loopback network does not take localhost with it.
      expect(urlRefusal('http://LOCALHOST.:3000/', new AllowedDestinations(['localhost']))).toBeNull();
      expect(urlRefusal('http://localhost/', new AllowedDestinations(['127.0.0.0/8']))).not.toBeNull();
    });

    it('allows what WEBHOOK_ALLOWED_DESTINATIONS lists, and only that', () => {
      const allowed = new AllowedDestinations(['127.0.0.1/32', '10.20.0.0/16', 'fd00::/8', 'receptor.intranet']);
      for (const url of [
        'http://127.0.0.1:8080/',
        'http://2130706433/',
        'http://[::ffff:127.0.0.1]/',
        'http://10.20.3.4/',
        'http://[fd00::5]/',
        'http://RECEPTOR.intranet./x',
      ])
        expect(urlRefusal(url, allowed)).toBeNull();
      for (const url of ['http://127.0.0.2/', 'http://10.21.0.1/', 'http://[::1]/', 'http://user:x@10.20.3.4/'])
        expect(urlRefusal(url, allowed)).not.toBeNull();
    });
  });

  describe('a name as it is connected to', () => {
    const answer =
      (...addresses: string[]): Resolver =>
      async () =>
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

    it('refuses a name resolving to a non-public address, or to one among public ones', async () => {
      for (const addresses of [['127.0.0.1'], ['::1'], ['93.184.216.34', '10.0.0.1'], ['::ffff:169.254.169.254']]) {
        const error = await look(guardedLookup(none, answer(...addresses)), 'hooks.example.com').catch((e) => e);
        expect(error).toBeInstanceOf(DestinationRefused);
        expect(error.reason).toMatch(/^Destino no permitido: dirección /);
      }
    });

    it('hands the connection exactly the answer it checked, resolving once', async () => {
      const answers = [['93.184.216.34', '2606:4700::1'], ['127.0.0.1']];
      let calls = 0;
      const rebinding: Resolver = async () => answer(...answers[Math.min(calls++, 1)])('');
      const lookup = guardedLookup(none, rebinding);
      expect(await look(lookup, 'hooks.example.com')).toEqual([
        { address: '93.184.216.34', family: 4 },
        { address: '2606:4700::1', family: 6 },
      ]);
      expect(calls).toBe(1);
      // The next connection asks again, and is refused on its own answer.
      await expect(look(lookup, 'hooks.example.com', false)).rejects.toBeInstanceOf(DestinationRefused);
    });

    it('one address when the connection asks for one, of the family it asks for', async () => {
      const lookup = guardedLookup(none, answer('2606:4700::1', '93.184.216.34'));
      expect(await look(lookup, 'hooks.example.com', false)).toBe('2606:4700::1');
      const v4 = await new Promise((resolve) =>
        lookup('hooks.example.com', { family: 4 }, (_error, address) => resolve(address)),
      );
      expect(v4).toBe('93.184.216.34');
    });

    it('lets a listed address or a listed name through', async () => {
      const allowed = new AllowedDestinations(['127.0.0.0/8', 'receptor.intranet']);
      expect(await look(guardedLookup(allowed, answer('127.0.0.1')), 'localhost')).toHaveLength(1);
      expect(await look(guardedLookup(allowed, answer('10.9.9.9')), 'receptor.intranet')).toHaveLength(1);
      await expect(look(guardedLookup(allowed, answer('10.9.9.9')), 'otro.intranet')).rejects.toThrow(
        'Destino no permitido: dirección privada (10.9.9.9)',
      );
    });
  });
});
