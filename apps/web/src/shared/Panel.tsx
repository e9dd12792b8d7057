import type { HTMLAttributes, ReactNode } from 'react';
import './panel.css';

/**
 * A titled white panel with antd's small-card look, without antd's Card (which brings its Tabs
 * along): the dashboard, the first screen most users open, stays lighter.
 */
export function Panel({ title, children, ...rest }: { title?: ReactNode; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  return (
    <section className="panel" {...rest}>
      {title && <h3 className="panel-title">{title}</h3>}
      <div className="panel-body">{children}</div>
    </section>
  );
}
