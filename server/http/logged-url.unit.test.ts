import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logged-url.js';

describe('the request log', () => {
  it("writes no token of a mailed link nor a stream's ticket, and the rest of the address as it was", () => {
    const token = 'A'.repeat(43);
    expect(loggedUrl(`/api/notification-mail/unsubscribe?token=${token}`)).toBe(
      '/api/notification-mail/unsubscribe?token=[redacted]',
    );
    expect(loggedUrl(`/unsubscribe?lng=fr&token=${token}&x=1`)).toBe(
      '/unsubscribe?lng=fr&token=[redacted]&x=1',
    );
    expect(loggedUrl('/api/notifications/stream?ticket=abc&lang=de')).toBe(
      '/api/notifications/stream?ticket=[redacted]&lang=de',
    );
    expect(loggedUrl('/api/topics?limit=5')).toBe('/api/topics?limit=5');
  });
});
