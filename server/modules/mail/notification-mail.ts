import type { ReactElement } from 'react';
import { mailComponents } from './components.js';
import { ACCENT, BORDER, INK, MUTED, mailButton, mailFrame } from './layout.js';

/** A link with its words. */
export interface MailLink {
  label: string;
  url: string;
}

/** The words of one notification message (one notification, or a day's digest), in the recipient's language. */
export interface NotificationMailProps {
  language: string;
  /** The subject, also the document's title. */
  title: string;
  heading: string;
  /** What happened: one sentence per notification, each leading to its page. */
  items: readonly MailLink[];
  /** Under the list, when it was cut ("and 3 more"). */
  more?: string;
  /** The way to the site: the notification's page, or the inbox. */
  button: MailLink;
  /** Why this message came. */
  footer: string;
  /** The one-click unsubscribe link's page (the same token as the List-Unsubscribe header's). */
  unsubscribe: MailLink;
  /** The profile's settings, where every kind is chosen. */
  settings: MailLink;
}

/**
 * A message of notifications: a heading, the sentences (each a link to its page), one button, and a footer
 * saying why it came with a visible unsubscribe link and the way to the settings, in the frame every message
 * shares (layout.ts).
 */
export async function notificationMail(props: NotificationMailProps): Promise<ReactElement> {
  const mail = await mailComponents();
  const { react, link, text } = mail;
  const h = react.createElement;
  const small = { color: MUTED, fontSize: '13px', lineHeight: '1.5' };
  return mailFrame(mail, {
    language: props.language,
    title: props.title,
    preview: props.items[0]?.label ?? props.heading,
    heading: props.heading,
    card: [
      ...props.items.map((item, index) =>
        h(
          text.Text,
          {
            key: `item-${index}`,
            style: {
              fontSize: '16px',
              lineHeight: '1.5',
              margin: '0',
              padding: '10px 0',
              borderTop: index === 0 ? 'none' : `1px solid ${BORDER}`,
              overflowWrap: 'anywhere',
            },
          },
          h(link.Link, { href: item.url, style: { color: INK, textDecoration: 'underline' } }, item.label),
        ),
      ),
      props.more ? h(text.Text, { key: 'more', style: { ...small, fontSize: '14px' } }, props.more) : null,
      mailButton(mail, props.button.label, props.button.url, '16px 0 0'),
    ],
    footer: [
      h(text.Text, { key: 'why', style: { ...small, margin: '0 0 8px' } }, props.footer),
      h(
        text.Text,
        { key: 'unsubscribe', style: { ...small, margin: '0 0 4px' } },
        h(link.Link, { href: props.unsubscribe.url, style: { color: ACCENT } }, props.unsubscribe.label),
      ),
      h(
        text.Text,
        { key: 'settings', style: { ...small, margin: '0' } },
        h(link.Link, { href: props.settings.url, style: { color: ACCENT } }, props.settings.label),
      ),
    ],
  });
}
