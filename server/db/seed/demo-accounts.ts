/** The password every seeded demo account shares where it may be published (the README prints it). */
export const DEMO_PASSWORD = 'podium-demo';

/** The domain of the demo accounts' addresses (reserved for examples: no mail reaches anyone). */
export const DEMO_EMAIL_DOMAIN = 'example.com';

/** A demo account's address. */
export function demoEmail(username: string): string {
  return `${username.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`;
}
