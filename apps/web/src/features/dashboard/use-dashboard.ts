import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REALTIME_EVENTS, type ActivityEvent, type DashboardRequest, type PlatformDashboard, type UnitDashboard } from '@portal/contracts';
import { apiRequest } from '../../api/http.ts';
import { onLiveEvent } from '../../auth/live-connection.ts';

export type DashboardKind = 'platform' | 'unit';

const PATHS = { platform: '/Dashboard/ActivityStatisticUnit', unit: '/Dashboard/ActivityStatisticsByUser' } as const;
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
    queryFn: ({ signal }) => apiRequest<K extends 'platform' ? PlatformDashboard : UnitDashboard>(PATHS[kind], { body: request, signal }),
    placeholderData: (previous) => previous,
  });
  useEffect(
    () =>
      onLiveEvent(EVENTS[kind], (payload) => {
        if (eventMatches(payload as ActivityEvent, request)) void client.invalidateQueries({ queryKey: dashboardKey(kind, request) });
      }),
    [client, kind, request],
  );
  return query;
}
