import { z } from 'zod';
import { ACTIVITY } from '../constants.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day, YYYY-MM-DD, in the activity calendar (ACTIVITY.timeZone). */
export const daySchema = z.iso.date({ error: 'invalid' });

/** The two ends of a period, both required (reports extend their filters with them). */
export const periodFields = { fromDate: daySchema, toDate: daySchema };

/**
 * A period of whole days, both ends required: reversed or longer than ACTIVITY.maxPeriodDays
 * is refused naming toDate (a dashboard never scans "everything since the beginning").
 */
export function withPeriodRules<T extends z.ZodType<{ fromDate: string; toDate: string }>>(schema: T): T {
  return schema
    .refine((p) => p.fromDate <= p.toDate, { path: ['toDate'], error: 'date_range' })
    .refine((p) => Date.parse(p.toDate) - Date.parse(p.fromDate) < ACTIVITY.maxPeriodDays * DAY_MS, {
      path: ['toDate'],
      error: 'period_too_long',
    });
}

export const periodSchema = withPeriodRules(z.strictObject(periodFields));
export type Period = z.infer<typeof periodSchema>;

/** A period, optionally narrowed to one unit (platform staff; a unit's users always get their own). */
export const dashboardRequestSchema = withPeriodRules(z.strictObject({ ...periodFields, unitRequest: z.uuid().nullish() }));
export type DashboardRequest = z.infer<typeof dashboardRequestSchema>;

export const dayActivitySchema = z.object({ date: z.string(), signIn: z.number().int(), signOut: z.number().int() });
export type DayActivity = z.infer<typeof dayActivitySchema>;

export const serviceUsageSchema = z.object({
  serviceCode: z.string(),
  serviceName: z.string(),
  /** Units holding an active pack with the service. */
  numberOfUnits: z.number().int(),
  /** Sign-ins into the service's app within the period. */
  numberOfAccesses: z.number().int(),
});
export type ServiceUsage = z.infer<typeof serviceUsageSchema>;

/** The platform dashboard (section 3, "Dashboard data"). */
export const platformDashboardSchema = z.object({
  requestDate: z.object({ fromDate: z.string(), toDate: z.string() }),
  unitRequest: z.uuid().nullable(),
  totalUnit: z.number().int(),
  numberUnitsActive: z.number().int(),
  totalUser: z.number().int(),
  numberUserActive: z.number().int(),
  /** Users with a live connection now, on every instance. */
  userOnline: z.number().int(),
  /** Sign-ins within the period. */
  numberUserSignIn: z.number().int(),
  /** Units on trial: still implementing the suite. */
  numberOfUnitsImplementation: z.number().int(),
  /** Units registered within the period. */
  numberOfUnitsJustImplementation: z.number().int(),
  /** Users added today. */
  numberOfUserJustAddInDay: z.number().int(),
  activityStatisticsInTime: z.array(dayActivitySchema),
  numberChannelsAciveByUnit: z.array(serviceUsageSchema),
});
export type PlatformDashboard = z.infer<typeof platformDashboardSchema>;

/** A unit's dashboard (section 3, "Unit-user dashboard"). */
export const unitDashboardSchema = z.object({
  requestDate: z.object({ fromDate: z.string(), toDate: z.string() }),
  unitRequest: z.uuid().nullable(),
  activityStatisticsUserInTime: z.array(dayActivitySchema),
  /** Distinct devices that signed in within the period. */
  numberDeviceSignin: z.number().int(),
  numberOfSignin: z.number().int(),
  numberOfSignout: z.number().int(),
  userOnline: z.number().int(),
});
export type UnitDashboard = z.infer<typeof unitDashboardSchema>;

/** What UserAccess / UserAccessSuperAdmin carry: the screen refetches when day and unit match. */
export const activityEventSchema = z.object({
  kind: z.enum(['sign_in', 'sign_out', 'online']),
  unitId: z.uuid().nullable(),
  /** The event's day in the activity calendar. */
  day: z.string(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;
