import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@portal/contracts';
import { changeLanguage } from '../../i18n/index.ts';

/** Vietnamese (default) or English; the choice persists and switches antd's locale too. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = (i18n.language === 'en' ? 'en' : 'vi') satisfies Language;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({ key: language, label: t(`language.${language}`) })),
        onClick: ({ key }) => void changeLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('language.label')}>
        {t(`language.${current}`)}
      </Button>
    </Dropdown>
  );
}
