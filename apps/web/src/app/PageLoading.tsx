import './page-loading.css';

/** A plain spinner for the moments before a screen's code or phrases have arrived (no antd, no phrases). */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-busy="true">
      <span className="page-loading-spinner" />
    </div>
  );
}
