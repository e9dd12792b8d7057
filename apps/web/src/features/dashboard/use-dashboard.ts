import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_DESCRIPTORS, REALTIME_EVENTS, type ActivityEvent, type CallAnswer, type DashboardRequest } from '@portal/contracts';
import { callApi } from '../../api/call-api.ts';
import { onLiveEvent } from '../../auth/live-connection.ts';

export type DashboardKind = 'platform' | 'unit';

const EVENTS = { platform: REALTIME_EVENTS.userAccessSuperAdmin, unit: REALTIME_EVENTS.userAccess } as const;

const dashboardKey = (kind: DashboardKind, request: DashboardRequest) => ['dashboard', kind, request] as const;

/** Does a pushed event move the figures on screen? Only when its day and unit are the ones shown (section 4). */
export function eventMatches(event: ActivityEvent, request: DashboardRequest): boolean {
  const dayShown = event.day >= request.fromDate && event.day <= request.toDate;
  const unitShown = !request.unitRequest || event.unitId === request.unitRequest;
  return dayShown && unitShown;
}

/**
 * A dashboard's figures, kept live: the server pushes each sign-in, sign-out and connection
 * over the live connection, and the figures are fetched again when the event is about the
 * period and unit on screen (the counters make that fetch cheap).
 */
export function useDashboard<K extends DashboardKind>(kind: K, request: DashboardRequest) {
  const client = useQueryClient();
  const key = dashboardKey(kind, request);
  const query = useQuery({
    queryKey: key,
    // DASHBOARD_DESCRIPTORS' keys are the kinds: the answer is the kind's (the cast names it for K).
    queryFn: ({ signal }) => callApi(DASHBOARD_DESCRIPTORS[kind as DashboardKind], request, { signal }) as Promise<CallAnswer<(typeof DASHBOARD_DESCRIPTORS)[K]>>,
    placeholderData: (previous) => previous,
  });
  useEffect(
    () =>
      onLiveEvent(EVENTS[kind], (payload) => {
        // The socket hands payloads untyped; both events carry an activity (REALTIME_EVENTS).
        if (eventMatches(payload as ActivityEvent, request)) void client.invalidateQueries({ queryKey: dashboardKey(kind, request) });
      }),
    [client, kind, request],
  );
  return query;
}
