import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@portal/contracts';
import { changeLanguage } from '../../i18n/index.ts';
import { Icon } from './Icon.tsx';
import { MenuButton } from './MenuButton.tsx';

/** Vietnamese (default) or English; the choice persists and switches antd's locale too. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = (i18n.language === 'en' ? 'en' : 'vi') satisfies Language;
  return (
    <MenuButton
      label={t('language.label')}
      items={LANGUAGES.map((language) => ({ key: language, label: t(`language.${language}`), checked: language === current }))}
      onSelect={(language) => void changeLanguage(language as Language)}
    >
      <Icon name="global" />
      <span className="header-button-text">{t(`language.${current}`)}</span>
    </MenuButton>
  );
}
