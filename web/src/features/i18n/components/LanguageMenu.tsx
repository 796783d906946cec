import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS, LANGUAGES } from '../../../../../common/constants.js';
import { GlobeIcon } from '../../../shared/ui/icons.js';
import { Menu, MenuItemRadio } from '../../../shared/ui/Menu.js';
import { useLanguage } from '../language-context.js';

/** Header dropdown listing the four languages in their own names. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, changeLanguage } = useLanguage();
  return (
    <Menu
      // The name starts with the code the button shows (WCAG 2.5.3, label in name).
      label={t('language.button', { code: language.toUpperCase(), name: LANGUAGE_LABELS[language] })}
      triggerClassName="header-button"
      trigger={
        <>
          <GlobeIcon />
          <span className="header-button__code">{language.toUpperCase()}</span>
        </>
      }
    >
      {LANGUAGES.map((code) => (
        <MenuItemRadio
          key={code}
          checked={code === language}
          lang={code}
          onSelect={() => {
            // Failures are reported through the provider's notice.
            changeLanguage(code).catch(() => undefined);
          }}
        >
          {LANGUAGE_LABELS[code]}
        </MenuItemRadio>
      ))}
    </Menu>
  );
}
