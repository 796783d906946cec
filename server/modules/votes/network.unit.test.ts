import { describe, expect, it } from 'vitest';
import { networkOf } from './network.js';

describe('the network a ballot came from', () => {
  it('keeps the /24 of an IPv4 address, never the address', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
  });

  it('keeps the /48 of an IPv6 address, however it is written', () => {
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:0db8:ABCD:0012:0000:0000:0000:0001')).toBe('2001:db8:abcd::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
  });

  it('keeps nothing of what is not an address', () => {
    expect(networkOf('')).toBeNull();
    expect(networkOf('localhost')).toBeNull();
  });
});
