import './toolbar-layout.css';

/** The layout every list's toolbar shares (search and filters left, buttons right), at every width. */
export function ToolbarLayout({ filters, actions }: { filters: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <div className="list-toolbar">
      <div className="list-toolbar-filters">{filters}</div>
      {actions && <div>{actions}</div>}
    </div>
  );
}
