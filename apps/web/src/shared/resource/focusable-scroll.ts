import { useEffect, type RefObject } from 'react';

/**
 * Makes a table's horizontal scroll container reachable from the keyboard (axe:
 * scrollable-region-focusable): antd renders it without a tab stop, so a keyboard user could
 * not scroll to the columns past the screen's edge. It becomes a named region with a tab stop.
 */
export function useFocusableScroll(container: RefObject<HTMLElement | null>, label: string | undefined): void {
  // Runs after every render on purpose: antd replaces the scroll container when the table
  // switches between its empty and filled layouts or its sticky columns change, and the query
  // only walks the table's own subtree (one or two elements), with writes only when missing.
  useEffect(() => {
    for (const scroller of container.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) {
      if (scroller.getAttribute('tabindex') !== '0') scroller.setAttribute('tabindex', '0');
      // A region is named or it is no landmark: without a name the tab stop alone is kept.
      if (!label) continue;
      if (scroller.getAttribute('role') !== 'region') scroller.setAttribute('role', 'region');
      if (scroller.getAttribute('aria-label') !== label) scroller.setAttribute('aria-label', label);
    }
  });
}
