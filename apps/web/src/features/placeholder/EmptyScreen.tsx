import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMenuTitle, type MenuPhraseKey } from '../../app/menu-model.ts';

/** A screen whose content comes in a later release: titled with its menu entry, and empty. */
export function EmptyScreen({ code }: { code: MenuPhraseKey }) {
  const { t } = useTranslation();
  const title = useMenuTitle();
  return (
    <Card>
      <Typography.Title level={4}>{title(code)}</Typography.Title>
      <Empty description={t('comingSoon')} />
    </Card>
  );
}
