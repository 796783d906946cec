import type { ReactElement } from 'react';
import { mailComponents } from './components.js';
import { ACCENT, INK, MUTED, mailButton, mailFrame } from './layout.js';

/** The words of one message, already in the recipient's language and filled in. */
export interface AccountLinkMailProps {
  language: string;
  /** The subject, also the document's title. */
  title: string;
  heading: string;
  body: string;
  button: string;
  url: string;
  linkFallback: string;
  ignore: string;
  footer: string;
}

/**
 * A message that carries one link about the person's account (a password reset, a confirmation of the
 * address): what happened, one button, the address in full for clients that drop buttons, and what to do if
 * it was not them, in the frame every message shares (layout.ts).
 */
export async function accountLinkMail(props: AccountLinkMailProps): Promise<ReactElement> {
  const mail = await mailComponents();
  const { react, link, text } = mail;
  const h = react.createElement;
  const small = { color: MUTED, fontSize: '14px', lineHeight: '1.5' };
  return mailFrame(mail, {
    language: props.language,
    title: props.title,
    preview: props.body,
    heading: props.heading,
    card: [
      // An address in the words breaks anywhere rather than widen a phone's screen.
      h(
        text.Text,
        { key: 'body', style: { color: INK, fontSize: '16px', lineHeight: '1.5', overflowWrap: 'anywhere' } },
        props.body,
      ),
      mailButton(mail, props.button, props.url, '8px 0 16px'),
      h(text.Text, { key: 'fallback', style: { ...small, margin: '0' } }, props.linkFallback),
      h(
        link.Link,
        { key: 'url', href: props.url, style: { color: ACCENT, fontSize: '14px', wordBreak: 'break-all' } },
        props.url,
      ),
      h(text.Text, { key: 'ignore', style: small }, props.ignore),
    ],
    footer: [h(text.Text, { key: 'footer', style: { ...small, fontSize: '12px' } }, props.footer)],
  });
}
