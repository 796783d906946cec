import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a ballot came from, as Podium keeps it (issue 36): the /24 of an IPv4 address or the /48 of
 * an IPv6 one, never the address itself, and only for 30 days. Enough to see many ballots from one place
 * at once, not to tell who cast one. An IPv4 address mapped into IPv6 (`::ffff:192.0.2.1`, as a dual-stack
 * socket reports it) is read as the IPv4 address. Anything else (a unix socket, an empty address) is null.
 */
export function networkOf(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped?.[1] ?? address;
  if (isIPv4(ip)) {
    const [a, b, c] = ip.split('.');
    return `${a}.${b}.${c}.0/24`;
  }
  if (isIPv6(ip)) return `${ipv6Groups(ip).slice(0, 3).join(':')}::/48`;
  return null;
}

/** The eight groups of an IPv6 address, each without leading zeros ("::" expanded). */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::');
  const split = (part: string) => (part === '' ? [] : part.split(':'));
  const left = split(head);
  const right = split(ip.includes('::') ? tail : '');
  const missing = 8 - left.length - right.length;
  return [...left, ...Array.from({ length: missing }, () => '0'), ...right].map((group) =>
    Number.parseInt(group, 16).toString(16),
  );
}
