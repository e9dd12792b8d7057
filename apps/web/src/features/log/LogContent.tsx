import { useTranslation } from 'react-i18next';
import type { AnyRecord } from '../../shared/resource/types.ts';
import { readableContent } from './log-content.ts';
import './log-content.css';

/** An action log's content as text in the reader's language: the refusal's reason, then the change's fields. */
export function LogContent({ log }: { log: AnyRecord }) {
  const { t, i18n } = useTranslation('log');
  const language = i18n.language === 'en' ? 'en' : 'vi';
  const labels = t('contentFields', { returnObjects: true });
  const content = readableContent(
    log.content as string | null,
    { objectId: log.objectId as string | null, objectName: log.objectName as string | null, unitId: log.unitId as string | null, unitName: log.unitName as string | null },
    language,
    { yes: t('contentWords.yes'), no: t('contentWords.no'), hidden: t('contentWords.hidden') },
  );
  return (
    <div className="log-content">
      {content.reason && (
        <p className="log-content-reason">
          {t('contentWords.reason')}: {content.reason}
        </p>
      )}
      {content.fields.length > 0 && (
        <dl>
          {content.fields.map((field) => (
            <div key={field.key} className="log-content-field">
              <dt>{labels[field.key] ?? field.key}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {content.text && <p>{content.text}</p>}
    </div>
  );
}
