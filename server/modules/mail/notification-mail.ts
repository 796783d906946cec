import type { ReactElement } from 'react';
import { ACCENT, BORDER, INK, MUTED, PAGE } from './account-link-mail.js';
import { mailComponents } from './components.js';

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
 * A message of notifications: the brand, a heading, the sentences (each a link to its page), one button,
 * and a footer saying why it came with a visible unsubscribe link and the way to the settings. Written with
 * `createElement` over `mailComponents()` (components.ts says why).
 */
export async function notificationMail(props: NotificationMailProps): Promise<ReactElement> {
  const { react, body, button, container, head, heading, hr, html, link, preview, section, text } =
    await mailComponents();
  const h = react.createElement;
  const small = { color: MUTED, fontSize: '13px', lineHeight: '1.5' };
  return h(
    html.Html,
    { lang: props.language },
    h(
      head.Head,
      null,
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, props.title),
    ),
    h(preview.Preview, null, props.items[0]?.label ?? props.heading),
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
          ...props.items.map((item, index) =>
            h(
              text.Text,
              {
                key: index,
                style: {
                  fontSize: '16px',
                  lineHeight: '1.5',
                  margin: '0',
                  padding: '10px 0',
                  borderTop: index === 0 ? 'none' : `1px solid ${BORDER}`,
                  overflowWrap: 'anywhere',
                },
              },
              h(
                link.Link,
                { href: item.url, style: { color: INK, textDecoration: 'underline' } },
                item.label,
              ),
            ),
          ),
          props.more ? h(text.Text, { style: { ...small, fontSize: '14px' } }, props.more) : null,
          h(
            button.Button,
            {
              href: props.button.url,
              style: {
                display: 'block',
                textAlign: 'center',
                backgroundColor: ACCENT,
                color: '#ffffff',
                borderRadius: '8px',
                fontSize: '16px',
                fontWeight: 700,
                padding: '12px 20px',
                margin: '16px 0 0',
              },
            },
            props.button.label,
          ),
        ),
        h(hr.Hr, { style: { borderColor: BORDER, margin: '24px 0 12px' } }),
        h(text.Text, { style: { ...small, margin: '0 0 8px' } }, props.footer),
        h(
          text.Text,
          { style: { ...small, margin: '0 0 4px' } },
          h(link.Link, { href: props.unsubscribe.url, style: { color: ACCENT } }, props.unsubscribe.label),
        ),
        h(
          text.Text,
          { style: { ...small, margin: '0' } },
          h(link.Link, { href: props.settings.url, style: { color: ACCENT } }, props.settings.label),
        ),
      ),
    ),
  );
}
