import type { ReactElement } from 'react';
import { mailComponents } from './components.js';

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

/** The brand's colours, as the web app's theme has them (web/src/app/styles/global.css). */
export const INK = '#1c2033';
export const MUTED = '#565c73';
export const ACCENT = '#4338ca';
export const PAGE = '#f6f7fb';
export const BORDER = '#e3e5ee';

/**
 * A message that carries one link about the person's account (a password reset, a confirmation of the
 * address): the brand, what happened, one button, the address in full for clients that drop buttons, and
 * what to do if it was not them. react-email makes the HTML mail clients render; the plain text is derived
 * from it (render.ts). Written with `createElement` over `mailComponents()` (components.ts says why).
 */
export async function accountLinkMail(props: AccountLinkMailProps): Promise<ReactElement> {
  const { react, body, button, container, head, heading, hr, html, link, preview, section, text } =
    await mailComponents();
  const h = react.createElement;
  const small = { color: MUTED, fontSize: '14px', lineHeight: '1.5' };
  return h(
    html.Html,
    { lang: props.language },
    h(
      head.Head,
      null,
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, props.title),
    ),
    h(preview.Preview, null, props.body),
    h(
      body.Body,
      {
        style: { backgroundColor: PAGE, fontFamily: 'system-ui, -apple-system, Segoe UI, Arial, sans-serif' },
      },
      h(
        container.Container,
        { style: { maxWidth: '560px', margin: '0 auto', padding: '24px 8px' } },
        h(
          text.Text,
          { style: { color: ACCENT, fontSize: '20px', fontWeight: 700, margin: '0 0 16px' } },
          'Podium',
        ),
        h(
          section.Section,
          {
            style: {
              backgroundColor: '#ffffff',
              borderRadius: '12px',
              border: `1px solid ${BORDER}`,
              padding: '20px',
            },
          },
          h(
            heading.Heading,
            { as: 'h1', style: { color: INK, fontSize: '22px', lineHeight: '1.3', margin: '0 0 12px' } },
            props.heading,
          ),
          // An address in the words breaks anywhere rather than widen a phone's screen.
          h(
            text.Text,
            { style: { color: INK, fontSize: '16px', lineHeight: '1.5', overflowWrap: 'anywhere' } },
            props.body,
          ),
          h(
            button.Button,
            {
              href: props.url,
              // A block the width of the card, its words centred: on a phone a long label wraps evenly.
              style: {
                display: 'block',
                textAlign: 'center',
                backgroundColor: ACCENT,
                color: '#ffffff',
                borderRadius: '8px',
                fontSize: '16px',
                fontWeight: 700,
                padding: '12px 20px',
                margin: '8px 0 16px',
              },
            },
            props.button,
          ),
          h(text.Text, { style: { ...small, margin: '0' } }, props.linkFallback),
          h(
            link.Link,
            { href: props.url, style: { color: ACCENT, fontSize: '14px', wordBreak: 'break-all' } },
            props.url,
          ),
          h(text.Text, { style: small }, props.ignore),
        ),
        h(hr.Hr, { style: { borderColor: BORDER, margin: '24px 0 12px' } }),
        h(text.Text, { style: { ...small, fontSize: '12px' } }, props.footer),
      ),
    ),
  );
}
