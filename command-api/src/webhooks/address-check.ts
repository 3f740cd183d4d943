// What a delivery's connection checks of its host; it loads neither the HTTP kit nor the domain, so
// the sending thread starts light.
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** The webhook settings (WEBHOOK_* in docs/operations.md). */
export interface WebhookSettings {
  /** Plain http:// URLs are accepted (WEBHOOK_ALLOW_HTTP). */
  allowHttp: boolean;
  /** Loopback, private and other non-public addresses are reachable (WEBHOOK_ALLOW_PRIVATE_ADDRESSES). */
  allowPrivateAddresses: boolean;
  /** Days without a successful delivery before an endpoint is disabled (WEBHOOK_DISABLE_AFTER_DAYS). */
  disableAfterDays: number;
  /** Deliveries a second at most, over every endpoint (WEBHOOK_DELIVERIES_PER_SECOND; 3,000 unless set). */
  deliveriesPerSecond?: number;
}

/** Every address a host name resolves to. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Only public unicast addresses: not loopback, private, link-local, unique-local, multicast,
 * unspecified, carrier-grade NAT, reserved or documentation ranges. An IPv4 address written as IPv6
 * (::ffff:10.0.0.1) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The host of a URL as an address, when it is written as one ([::1] without its brackets). */
function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}

export class RefusedAddressError extends Error {
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address`);
    this.name = 'RefusedAddressError';
  }
}

/**
 * The addresses a URL's host reaches, each checked: a host that resolves to any address that is not
 * public is refused (unless private addresses are allowed).
 */
export async function publicAddressesOf(
  hostname: string,
  settings: Pick<WebhookSettings, 'allowPrivateAddresses'>,
  resolve: Resolver,
): Promise<LookupAddress[]> {
  const literal = literalAddress(hostname);
  const addresses = literal
    ? [{ address: literal, family: ipaddr.parse(literal).kind() === 'ipv6' ? 6 : 4 }]
    : await resolve(hostname);
  if (!settings.allowPrivateAddresses) {
    for (const { address } of addresses) {
      if (!isPublicAddress(address)) throw new RefusedAddressError(hostname, address);
    }
  }
  return addresses;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the sockets deliveries open: the host is resolved when the connection is made and
 * every address checked then, so a name that pointed at a public address when it was registered and
 * points at a private one now (DNS rebinding) is refused.
 */
export function guardedLookup(settings: Pick<WebhookSettings, 'allowPrivateAddresses'>, resolve: Resolver) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: LookupCallback,
  ) => {
    publicAddressesOf(hostname, settings, resolve).then(
      (addresses) => {
        const family = Number(options.family) || 0;
        const usable = family ? addresses.filter((entry) => entry.family === family) : addresses;
        if (usable.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          error.code = 'ENOTFOUND';
          callback(error, []);
        } else if (options.all) callback(null, usable);
        else callback(null, usable[0]?.address ?? '', usable[0]?.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

/** The host of a URL when it is written as an address: the socket makes no lookup for it, so it is checked here. */
export function assertPublicLiteral(
  url: URL,
  settings: Pick<WebhookSettings, 'allowPrivateAddresses'>,
): void {
  const literal = literalAddress(url.hostname);
  if (literal && !settings.allowPrivateAddresses && !isPublicAddress(literal))
    throw new RefusedAddressError(url.hostname, literal);
}
