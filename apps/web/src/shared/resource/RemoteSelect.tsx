import { useEffect, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Option, RemoteOptions } from './types.ts';

/** Typing pauses this long before the server is asked: one question per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/** How close to the list's end (px) scrolling asks for the next page. */
const NEAR_END = 32;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const asList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]).map(String);

interface Props {
  source: RemoteOptions;
  value?: unknown;
  onChange?: ((value: unknown) => void) | undefined;
  multiple?: boolean;
  disabled?: boolean | undefined;
  placeholder?: string | undefined;
  /** An entry offered above whatever the server finds, e.g. "All businesses" (value ''). */
  leading?: Option | undefined;
  id?: string;
  'aria-label'?: string;
  style?: React.CSSProperties;
}

/**
 * A select whose options the server searches as the user types, loading further pages as the
 * list is scrolled. Nothing is cut off at a page: whatever exists can be found by its name.
 */
export function RemoteSelect({ source, value, onChange, multiple, leading, ...rest }: Props) {
  const { t } = useTranslation('resource');
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const keyword = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);

  const pages = useInfiniteQuery({
    queryKey: [...source.key, 'remote-options', keyword],
    queryFn: ({ pageParam, signal }) => source.search(keyword, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.reduce((sum, page) => sum + page.options.length, 0) < last.total && last.options.length > 0 ? all.length + 1 : undefined),
    // Asked when the list opens (or a value needs its label), not for every closed select on a form.
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  // Only the answer to what is typed now: a stale list (the previous keyword's) would let Enter
  // pick its first entry while the search is still on its way.
  const current = typed.trim() === keyword && !pages.isPlaceholderData;
  const found = useMemo(() => (current ? (pages.data?.pages.flatMap((page) => page.options) ?? []) : []), [current, pages.data]);

  // The labels of chosen values not among the loaded options (a record opened for editing).
  const chosen = asList(value);
  const unnamed = chosen.filter((id) => !found.some((option) => String(option.value) === id));
  const labels = useQuery({
    queryKey: [...source.key, 'remote-labels', unnamed],
    queryFn: ({ signal }) => source.labels(unnamed, signal),
    enabled: unnamed.length > 0,
    staleTime: 60_000,
  });
  const options: Option[] = useMemo(() => {
    // The chosen values' names, so the select shows them; while typing, only those that match.
    const words = typed.trim().toLocaleLowerCase();
    const named = (labels.data ?? []).filter(
      (option) => !found.some((known) => known.value === option.value) && option.label.toLocaleLowerCase().includes(words),
    );
    const first = leading && leading.label.toLocaleLowerCase().includes(words) ? [leading] : [];
    return [...first, ...named, ...found];
  }, [found, labels.data, typed, leading]);

  const loading = pages.isFetching || labels.isFetching || (open && !current);
  const onPopupScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - NEAR_END && pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };

  return (
    <Select
      {...rest}
      value={value as never}
      onChange={(next) => {
        setTyped('');
        onChange?.(next);
      }}
      mode={multiple ? 'multiple' : undefined}
      options={options as never}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onOpenChange={setOpen}
      onPopupScroll={onPopupScroll}
      loading={loading}
      allowClear
      notFoundContent={loading ? <Spin size="small" aria-label={t('optionsLoading')} /> : t('optionsNone')}
      popupRender={(menu) => (
        <>
          {menu}
          {pages.isFetchingNextPage ? <div style={{ padding: 8, textAlign: 'center' }}><Spin size="small" aria-label={t('optionsLoading')} /></div> : null}
        </>
      )}
    />
  );
}
