import type { LinkPurpose } from '../../../common/api/account-links.js';
import { fillText } from '../texts/fill.js';
import { accountLinkMail } from './account-link-mail.js';
import type { OutgoingMail } from './transport.js';

/** The catalog keys of each purpose's words (the mail.* keys of common/i18n/languages/<code>.json). */
const KEYS: Record<LinkPurpose, string> = {
  reset_password: 'mail.reset',
  verify_email: 'mail.verify',
  change_email: 'mail.changeEmail',
  cancel_email_change: 'mail.cancelEmailChange',
};

/**
 * A message carrying one account link, in the recipient's language: `texts` is that language's UI catalog
 * (administrators' edits included), `values` fills its `{{...}}`.
 */
export async function renderAccountLinkMail(input: {
  purpose: LinkPurpose;
  to: string;
  language: string;
  url: string;
  texts: Record<string, string>;
  values: Record<string, string | number>;
}): Promise<OutgoingMail> {
  const key = KEYS[input.purpose];
  const text = (name: string) => fillText(input.texts[name] ?? name, input.values);
  // Loaded with the first message, after React (account-link-mail.ts says why).
  const { render, toPlainText } = await import('@react-email/render');
  const html = await render(
    await accountLinkMail({
      language: input.language,
      title: text(`${key}.subject`),
      heading: text(`${key}.heading`),
      body: text(`${key}.body`),
      button: text(`${key}.button`),
      url: input.url,
      linkFallback: text('mail.linkFallback'),
      ignore: text(`${key}.ignore`),
      // A message may have a footer of its own (a change notice must not say "nothing will change").
      footer: text(input.texts[`${key}.footer`] === undefined ? 'mail.footer' : `${key}.footer`),
    }),
  );
  // The heading keeps its case in the plain text (it holds the person's username), and links print their
  // words only: the address stands once, as the words of the link under the button's label.
  const plain = toPlainText(html, {
    selectors: [
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'a', options: { ignoreHref: true } },
    ],
  });
  return { to: input.to, subject: text(`${key}.subject`), html, text: plain };
}
