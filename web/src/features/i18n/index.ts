export { takeBootCatalog } from './boot-catalog.js';
export { LanguageMenu } from './components/LanguageMenu.js';
export { LanguageNoticeBanner } from './components/LanguageNoticeBanner.js';
export { LanguageUrlSync } from './components/LanguageUrlSync.js';
export { LANGUAGE_PARAM } from './detect.js';
export { createI18n, i18n } from './i18n.js';
export { LanguageProvider } from './LanguageProvider.js';
export { useLanguage } from './language-context.js';
