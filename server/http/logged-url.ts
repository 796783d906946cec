/**
 * A request's address as the request log writes it: the value of a `token` parameter (a mailed link's,
 * an unsubscribe link's) and of a `ticket` (a notification stream's) is replaced, so that the log opens no
 * account, no stream, and changes nobody's settings.
 */
export function loggedUrl(url: string): string {
  return url.replace(/([?&](?:token|ticket)=)[^&#]*/gi, '$1[redacted]');
}
