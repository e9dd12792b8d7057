import { useTranslation } from 'react-i18next';
import { readableContent } from './log-content.ts';
import './log-content.css';

/** An action log's content in the reader's language: the refusal's reason, then the change's fields. */
export function LogContent({ log }: { log: { content: string | null; objectId: string | null; objectName: string | null; unitId: string | null; unitName: string | null } }) {
  const { t, i18n } = useTranslation('log');
  const language = i18n.language === 'en' ? 'en' : 'vi';
  const labels = t('contentFields', { returnObjects: true });
  const content = readableContent(
    log.content,
    { objectId: log.objectId, objectName: log.objectName, unitId: log.unitId, unitName: log.unitName },
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
