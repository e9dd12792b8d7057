import { Spinner } from '../shared/ui/Spinner.tsx';
import './page-loading.css';

/** A plain spinner for the moments before a screen's code, phrases or data have arrived (no antd). */
export function PageLoading({ label }: { label?: string }) {
  return (
    <div className="page-loading" role="status" aria-busy="true">
      <Spinner size="large" />
      {label && <span className="page-loading-label">{label}</span>}
    </div>
  );
}
