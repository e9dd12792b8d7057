import { BASE_PATH } from '@portal/contracts';
import { apiRequest } from '../api/http.ts';
import { menusQuery, profileQuery } from '../api/queries.ts';
import { queryClient } from '../api/query-client.ts';
import { appSettingsLoaded } from '../api/settings.ts';
import { firstListAt, listAddress } from '../shared/resource/first-list.ts';

/** What a menu screen's route loads beside the screen itself (router.tsx). */
export { RequirePermission } from './RequirePermission.tsx';

let preloaded = false;

/**
 * On the page's first screen (a reload, a link opened), asks for what it will show as soon as
 * the settings say where the API is: the profile and the menu the shell waits for, and the list
 * this address showed first last time (`rememberFirstList`). Without this each waited for the
 * one before it: the shell's code, then the profile and the menu, then the screen's first
 * render, then the list (issue 25: the slow list reload). Later screens are opened from the
 * running app, where the profile and the menu are there already.
 */
export function preloadFirstCalls(): void {
  if (preloaded) return;
  preloaded = true;
  const { pathname, search } = window.location;
  const list = firstListAt(listAddress(pathname.slice(BASE_PATH.length), search));
  void appSettingsLoaded().then(() => {
    void queryClient.prefetchQuery(profileQuery);
    void queryClient.prefetchQuery(menusQuery);
    if (list) void queryClient.prefetchQuery({ queryKey: list.key, queryFn: ({ signal }) => apiRequest(list.path, { body: list.body, signal }) });
  });
}
