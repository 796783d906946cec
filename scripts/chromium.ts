/** Debian's Chromium: Playwright's and Lighthouse's own browser downloads are not reachable on these machines. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** How the browser suite and the Lighthouse bench start it: headless, quiet, no background traffic. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
