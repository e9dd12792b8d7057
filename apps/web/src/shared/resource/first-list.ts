import type { QueryKey } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@portal/contracts';

/** The list call a resource screen made first at one address: its query key, path and body. */
export interface FirstList {
  key: QueryKey;
  path: string;
  body: Record<string, unknown>;
}

/** Addresses remembered at most (the menu has ~40 screens; a few more for ?view= and ?report= variants). */
const MOST = 50;

function stored(): Record<string, FirstList> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEYS.firstLists) ?? '{}') as Record<string, FirstList>;
  } catch {
    return {};
  }
}

/** The address a list belongs to: the path under the base path and the search, as the router sees it. */
export function listAddress(pathname: string, search: string): string {
  return `${pathname}${search}`;
}

let lastAddress: string | undefined;

/**
 * Remembers, for this tab, the first list call shown at `address`, so that a reload there can
 * ask for it as soon as the route is known (`firstListAt`), beside the profile and the menu,
 * instead of after the screen's code, phrases and first render (issue 25: the slow list reload).
 * Only the first list shown after the address changed counts: a second tab of the same page
 * (settings' defaults, access by service) opens later, by the user's choice, not on a reload.
 * A call remembered wrongly costs one call and nothing else: its answer is cached under its own
 * query key, which only the same list asks for again.
 */
export function rememberFirstList(address: string, list: FirstList): void {
  if (address === lastAddress) return;
  lastAddress = address;
  const lists = stored();
  delete lists[address];
  lists[address] = list;
  const addresses = Object.keys(lists);
  for (const old of addresses.slice(0, Math.max(0, addresses.length - MOST))) delete lists[old];
  sessionStorage.setItem(STORAGE_KEYS.firstLists, JSON.stringify(lists));
}

export function firstListAt(address: string): FirstList | undefined {
  return stored()[address];
}
