import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../notify.ts';

/** Downloads an export; the button spins while the file is being made. */
export function ExportButton({ fileName, load }: { fileName: string; load: () => Promise<Blob> }) {
  const { t } = useTranslation('resource');
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const blob = await load();
      const url = URL.createObjectURL(blob);
      const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      notifySuccess(t('exported'));
    } catch {
      // The HTTP client has already told the user what went wrong.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
      {t('export')}
    </Button>
  );
}
