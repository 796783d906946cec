/**
 * The react-email components and React's `createElement`, loaded when the first message is written, not
 * imported statically: the server runs as one bundle whose package imports all load before its first line,
 * and React must load after main.ts chose its production build (an early development React beside the
 * pages' production renderer breaks both). It also keeps the mail libraries out of memory until mail is sent.
 * Every template writes with these (createElement, not JSX).
 */
export async function mailComponents() {
  const [react, body, button, container, head, heading, hr, html, link, preview, section, text] =
    await Promise.all([
      import('react'),
      import('@react-email/body'),
      import('@react-email/button'),
      import('@react-email/container'),
      import('@react-email/head'),
      import('@react-email/heading'),
      import('@react-email/hr'),
      import('@react-email/html'),
      import('@react-email/link'),
      import('@react-email/preview'),
      import('@react-email/section'),
      import('@react-email/text'),
    ]);
  return { react, body, button, container, head, heading, hr, html, link, preview, section, text };
}
