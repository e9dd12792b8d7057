import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { CustomInputProps } from '../../shared/resource/types.ts';

// TipTap and ProseMirror are most of this screen's weight: they load when the add/edit dialog
// first shows the editor, not when the list opens.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx').then((module) => ({ default: module.RichTextEditor })));

/** The template content editor, loaded on first use (a placeholder meanwhile). */
export function LazyRichTextEditor(props: CustomInputProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
