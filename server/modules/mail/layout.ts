import type { ReactElement, ReactNode } from 'react';
import type { mailComponents } from './components.js';

/** The brand's colours, as the web app's theme has them (web/src/app/styles/global.css). */
export const INK = '#1c2033';
export const MUTED = '#565c73';
export const ACCENT = '#4338ca';
export const PAGE = '#f6f7fb';
export const BORDER = '#e3e5ee';

type MailComponents = Awaited<ReturnType<typeof mailComponents>>;

/** What a message puts in the frame every Podium message shares. */
export interface MailFrame {
  language: string;
  /** The subject, also the document's title. */
  title: string;
  /** The line a mail client shows beside the subject. */
  preview: string;
  heading: string;
  /** Under the heading, on the white card. */
  card: ReactNode[];
  /** Under the rule, after the card: why the message came, and its links. */
  footer: ReactNode[];
}

/**
 * The frame of every message: the brand, a white card with the heading and what the message says, then a
 * rule and the footer. react-email makes the HTML mail clients render; the plain text is derived from it
 * (render.ts). Written with `createElement` over `mailComponents()` (components.ts says why).
 */
export function mailFrame(mail: MailComponents, frame: MailFrame): ReactElement {
  const { react, body, container, head, heading, hr, html, preview, section, text } = mail;
  const h = react.createElement;
  return h(
    html.Html,
    { lang: frame.language },
    h(
      head.Head,
      null,
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, frame.title),
    ),
    h(preview.Preview, null, frame.preview),
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
            frame.heading,
          ),
          ...frame.card,
        ),
        h(hr.Hr, { style: { borderColor: BORDER, margin: '24px 0 12px' } }),
        ...frame.footer,
      ),
    ),
  );
}

/**
 * The message's one button: a block the width of the card, its words centred, so that on a phone a long label
 * wraps evenly.
 */
export function mailButton(mail: MailComponents, label: string, url: string, margin: string): ReactElement {
  return mail.react.createElement(
    mail.button.Button,
    {
      href: url,
      style: {
        display: 'block',
        textAlign: 'center',
        backgroundColor: ACCENT,
        color: '#ffffff',
        borderRadius: '8px',
        fontSize: '16px',
        fontWeight: 700,
        padding: '12px 20px',
        margin,
      },
    },
    label,
  );
}
