import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The keyword search of a list's toolbar (ToolbarLayout), the same on every list; `placeholder`
 * says what it looks in where a screen knows better than "a keyword".
 */
export function KeywordSearch({ onSearch, placeholder }: { onSearch: (keyword: string) => void; placeholder?: string }) {
  const { t } = useTranslation('resource');
  // A screen's own placeholder names the box too: it says what the box looks in.
  return <Input.Search allowClear placeholder={placeholder ?? t('searchPlaceholder')} aria-label={placeholder ?? t('search')} onSearch={onSearch} enterButton={t('search')} />;
}
