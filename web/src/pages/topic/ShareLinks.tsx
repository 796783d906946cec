import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopicDto } from '../../../../common/api/topics.js';
import { EMBED_SIZE, EMBED_THEMES, type EmbedTheme, embedCode, embedUrl } from '../../../../common/embed.js';
import { useLanguage } from '../../features/i18n/index.js';
import { useTopicTitle } from '../../features/topics/index.js';
import { Button } from '../../shared/ui/Button.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { TextField } from '../../shared/ui/Field.js';
import { RadioGroupField } from '../../shared/ui/RadioGroupField.js';
import { StatusMessage } from '../../shared/ui/StatusMessage.js';
import { TextAreaField } from '../../shared/ui/TextAreaField.js';
import './share.css';

/**
 * "Share": a button beside the topic's facts that opens a dialog with the page's link and the code that
 * embeds its live ranking in another site (docs/decisions/029), each with a copy button.
 */
export function ShareLinks({ topic }: { topic: TopicDto }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className="card topic-aside__card topic-aside__share">
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog" block>
        {t('share.open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('share.title')}>
        <ShareFields topic={topic} />
      </Dialog>
    </section>
  );
}

/** Which field a copy button copies; a refused copy selects it instead. */
type Copied = 'link' | 'code';

function ShareFields({ topic }: { topic: TopicDto }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const titleOf = useTopicTitle();
  const fields = useRef<HTMLDivElement>(null);
  const name = useId();
  const [theme, setTheme] = useState<EmbedTheme>('auto');
  const [status, setStatus] = useState<{ text: string; copied: boolean } | null>(null);
  // Rendered only in the browser (the dialog opens on a click): the address is this site's own.
  const origin = window.location.origin;
  const texts: Record<Copied, string> = {
    link: `${origin}/topic/${topic.id}?lng=${language}`,
    code: embedCode({
      src: embedUrl(origin, topic.id, { language, theme }),
      title: t('embed.frameTitle', { title: titleOf(topic) }),
      ...EMBED_SIZE,
    }),
  };

  const copy = async (what: Copied) => {
    // Said again at each copy: a live region announces a change, so the previous message goes first.
    setStatus(null);
    try {
      await navigator.clipboard.writeText(texts[what]);
      setStatus({ text: t('share.copied'), copied: true });
    } catch {
      // Refused (no permission, an insecure page): the text is selected for the person to copy.
      const field = fields.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>(
        `[data-share="${what}"]`,
      );
      field?.focus();
      field?.select();
      setStatus({ text: t('share.copyRefused'), copied: false });
    }
  };

  return (
    <div ref={fields} className="share">
      <div className="share__item">
        <TextField
          label={t('share.link')}
          name={`${name}-link`}
          value={texts.link}
          readOnly
          data-share="link"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button onClick={() => copy('link')} data-autofocus>
          {t('share.copyLink')}
        </Button>
      </div>
      <RadioGroupField
        legend={t('share.theme')}
        name={`${name}-theme`}
        value={theme}
        choices={EMBED_THEMES.map((value) => ({ value, label: t(`share.theme.${value}`) }))}
        onChange={setTheme}
      />
      <div className="share__item">
        <TextAreaField
          label={t('share.code')}
          hint={t('share.codeHelp')}
          value={texts.code}
          readOnly
          rows={4}
          data-share="code"
          className="share__code"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button onClick={() => copy('code')}>{t('share.copyCode')}</Button>
      </div>
      {/* A refusal is no success: it says what to do instead, in the neutral tone. */}
      <StatusMessage message={status?.text ?? null} tone={status?.copied === false ? 'info' : 'success'} />
    </div>
  );
}
