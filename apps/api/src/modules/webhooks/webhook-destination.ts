import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES } from '@evreg/contracts';
import ipaddr from 'ipaddr.js';

/** Where a webhook may be sent (docs/domain.md, "Webhooks", "Destinations"): public addresses only, unless
 * WEBHOOK_ALLOWED_DESTINATIONS names the host or the address's network. A URL staff type is checked when saved
 * (its scheme, its user:pass@, a literal address in any spelling, `localhost` and its subdomains); a name is checked on every try, on the addresses
 * the connection then uses (guardedLookup), so a DNS answer that changes after a check cannot get through. */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Every IPv6 address in use on the internet is in 2000::/3; ipaddr.js calls some others 'unicast' (::/96, the old
 * IPv4-compatible form, among them), so outside it nothing is public. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** The Spanish name of each kind of non-public range (ipaddr.js's range names); any other is 'reservada'. */
const RANGE_NAMES: Record<string, string> = {
  loopback: 'dirección de bucle local',
  private: 'dirección privada',
  uniqueLocal: 'dirección privada',
  deprecatedSiteLocal: 'dirección privada',
  linkLocal: 'dirección de enlace local',
  carrierGradeNat: 'dirección compartida (CGNAT)',
  unspecified: 'dirección no especificada',
  multicast: 'dirección de multidifusión',
  broadcast: 'dirección de difusión',
};

/** A name whose DNS answer holds a non-public address: the connection's lookup fails with it. */
export class DestinationRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'DestinationRefused';
  }
}

/** The IPv4 address an IPv6 one stands for, where the network turns it into that one: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-translated (::ffff:0:a.b.c.d), NAT64's well-known prefix (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::/48). */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return new ipaddr.IPv4(bytes.slice(12));
    case 'rfc6052':
      return address.match(ipaddr.IPv6.parse('64:ff9b::'), 96) ? new ipaddr.IPv4(bytes.slice(12)) : null;
    case '6to4':
      return new ipaddr.IPv4(bytes.slice(2, 6));
    default:
      return null;
  }
}

/** The kind of non-public address this is, in Spanish ('dirección privada'), or null for a public one. */
export function nonPublicKind(address: Address): string | null {
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    const range = v6.range();
    if (['ipv4Mapped', 'rfc6145', 'rfc6052', '6to4'].includes(range)) {
      const v4 = embeddedIPv4(v6);
      return v4 ? nonPublicKind(v4) : (RANGE_NAMES[range] ?? 'dirección reservada');
    }
    if (range === 'unicast' && v6.match(GLOBAL_UNICAST_V6)) return null;
    return RANGE_NAMES[range] ?? 'dirección reservada';
  }
  const range = address.range();
  return range === 'unicast' ? null : (RANGE_NAMES[range] ?? 'dirección reservada');
}

/** Parses an address as a URL's host or a resolver gives it ('[::1]', '::ffff:127.0.0.1', '10.0.0.1'); null for a
 * name. Only dotted IPv4: the URL parser has already turned '2130706433', '0177.0.0.1' or '127.1' into it. */
export function parseAddress(host: string): Address | null {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare);
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  return null;
}

/** WEBHOOK_ALLOWED_DESTINATIONS as the configuration normalised it: host names and CIDR networks. */
export class AllowedDestinations {
  private readonly hosts: Set<string>;
  private readonly networks: [Address, number][];

  constructor(entries: readonly string[]) {
    this.hosts = new Set(entries.filter((entry) => !entry.includes('/')));
    this.networks = entries.filter((entry) => entry.includes('/')).map((entry) => ipaddr.parseCIDR(entry));
  }

  /** A URL's host name (as the URL parser gives it) named on the list. */
  hasHost(hostname: string): boolean {
    return this.hosts.has(hostname.toLowerCase().replace(/\.$/, ''));
  }

  /** An address inside a listed network; an IPv4-mapped IPv6 address counts as its IPv4 one. */
  hasAddress(address: Address): boolean {
    const candidates: Address[] = [address];
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
      candidates.push((address as ipaddr.IPv6).toIPv4Address());
    return candidates.some((candidate) =>
      this.networks.some(([network, bits]) => network.kind() === candidate.kind() && candidate.match(network, bits)),
    );
  }
}

/** Why an address may not be a destination ('Destino no permitido: dirección privada (10.0.0.1)'), or null. */
export function addressRefusal(address: Address, allowed: AllowedDestinations): string | null {
  if (allowed.hasAddress(address)) return null;
  const kind = nonPublicKind(address);
  return kind ? `Destino no permitido: ${kind} (${address.toString()})` : null;
}

/** `localhost` and every name under it, in any case, with or without the final dot: RFC 6761 reserves them for
 * the loopback, whatever a resolver would answer, so they are refused when saved (unless the list names them). */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** What can be decided from the URL alone, when it is saved and before each try: its scheme, credentials, a literal
 * address (in any spelling the URL parser reads). Null: allowed so far (a name is then checked on every try). */
export function urlRefusal(url: string, allowed: AllowedDestinations): string | null {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:') return WEBHOOK_MESSAGES.urlInvalid;
  if (parsed.username || parsed.password) return WEBHOOK_MESSAGES.urlCredentials;
  if (allowed.hasHost(parsed.hostname)) return null;
  const address = parseAddress(parsed.hostname);
  if (address) return addressRefusal(address, allowed);
  return isLoopbackName(parsed.hostname) ? `Destino no permitido: nombre de bucle local (${parsed.hostname})` : null;
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** The system's resolver (getaddrinfo, as a connection would use it), every address of the answer. */
export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** The `lookup` of a webhook's connection: resolves the name once, checks every address of that answer, and hands
 * the connection exactly those addresses, so what is checked is what is connected to. One non-public address
 * refuses the whole answer (a name pointing at both a public and an internal address is not a receiver), with a
 * DestinationRefused error, before any socket is opened. A listed host name skips the check. */
export function guardedLookup(allowed: AllowedDestinations, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    const family = typeof options === 'number' ? options : options.family;
    const all = typeof options === 'object' && options.all === true;
    resolve(hostname)
      .then((answer) => {
        const wanted = answer.filter((a) => !family || family === a.family || family === `IPv${a.family}`);
        if (!wanted.length) throw Object.assign(new Error(`Sin direcciones para ${hostname}`), { code: 'ENOTFOUND' });
        if (!allowed.hasHost(hostname))
          for (const a of wanted) {
            const address = parseAddress(a.address);
            const refusal = address
              ? addressRefusal(address, allowed)
              : 'Destino no permitido: respuesta DNS no válida';
            if (refusal) throw new DestinationRefused(refusal);
          }
        if (all) (callback as (error: null, addresses: LookupAddress[]) => void)(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
}
