import { z } from 'zod';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { optionalText } from '../schemas/fields.ts';
import { defineResource } from './define.ts';
import { servicePackageRecordSchema } from './service-package.ts';

/** Where an upgrade request stands: customer care contacts the unit, then marks it done. */
export const UPGRADE_REQUEST_STATE = { new: 1, contacted: 2, done: 3 } as const;
export type UpgradeRequestState = (typeof UPGRADE_REQUEST_STATE)[keyof typeof UPGRADE_REQUEST_STATE];

/**
 * A unit's request to upgrade its pack or buy a service (the Upgrade button, the Package
 * section): acknowledged at once, mailed to customer care, listed for platform staff. A unit's
 * administrator sees their own unit's.
 */
export const upgradeRequestRecordSchema = z.object({
  id: z.uuid(),
  unitId: z.uuid(),
  unitName: z.string(),
  requesterName: z.string(),
  packageId: z.uuid().nullable(),
  packageName: z.string().nullable(),
  serviceId: z.uuid().nullable(),
  serviceName: z.string().nullable(),
  note: z.string().nullable(),
  state: z.number().int(),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UpgradeRequestRecord = z.infer<typeof upgradeRequestRecordSchema>;

/** The columns upgrade requests sort by. */
export const UPGRADE_REQUEST_SORT_FIELDS = ['createdAt', 'unitName', 'state'] as const;
export type UpgradeRequestSortField = (typeof UPGRADE_REQUEST_SORT_FIELDS)[number];

export const upgradeRequestSearchSchema = pageRequestSchema.extend({
  unitId: z.uuid().optional(),
  state: z.number().int().optional(),
  sort: sortSchema(UPGRADE_REQUEST_SORT_FIELDS),
});

export const upgradeRequestResource = defineResource({
  name: 'UpgradeRequest',
  record: upgradeRequestRecordSchema,
  save: z.strictObject({}),
  search: upgradeRequestSearchSchema,
  paths: { search: '/UpgradeRequest/Search', get: '/UpgradeRequest/GetById/:id' },
  permissions: { search: 'PACKAGE_UNITPACKAGE_LIST', get: 'PACKAGE_UNITPACKAGE_LIST' },
  statuses: [],
  exportColumns: [
    { key: 'createdAt', header: { vi: 'Ngày yêu cầu', en: 'Requested' }, format: 'datetime' },
    { key: 'unitName', header: { vi: 'Doanh nghiệp', en: 'Business' }, wide: true },
    { key: 'requesterName', header: { vi: 'Người yêu cầu', en: 'Requested by' } },
    { key: 'packageName', header: { vi: 'Gói dịch vụ', en: 'Service pack' }, wide: true },
    { key: 'serviceName', header: { vi: 'Dịch vụ', en: 'Service' } },
    { key: 'note', header: { vi: 'Ghi chú', en: 'Note' }, wide: true },
    { key: 'state', header: { vi: 'Trạng thái xử lý', en: 'State' } },
  ],
});

/** /Unit/RequestUpdatePackageService: the pack or service wanted (either, both or neither) and a note. */
export const upgradeRequestCreateSchema = z.strictObject({
  /** Platform staff name the unit; a unit's administrator's own unit is used whatever is sent. */
  unitId: z.uuid().nullish(),
  packageId: z.uuid().nullish(),
  serviceId: z.uuid().nullish(),
  note: optionalText(1000),
});
export type UpgradeRequestCreate = z.input<typeof upgradeRequestCreateSchema>;

/** /UpgradeRequest/Confirm: platform staff mark a request contacted or done (action "confirm"). */
export const upgradeRequestConfirmSchema = z.strictObject({
  id: z.uuid(),
  state: z.union([z.literal(UPGRADE_REQUEST_STATE.contacted), z.literal(UPGRADE_REQUEST_STATE.done)], { error: 'invalid' }),
});

/** /Unit/RegisterPackServiceTrial: a trial of one service, once per unit and service. */
export const trialRegistrationSchema = z.strictObject({
  unitId: z.uuid().nullish(),
  serviceId: z.uuid({ error: 'required' }),
});
export const trialRegisteredSchema = z.object({ id: z.uuid(), packageName: z.string(), endsAt: z.string() });

/**
 * /Unit/GetPackageChannelOfUnit/{id}: what the unit holds and what it may ask for — the
 * upgrade/register screen. A service without a link is shown "Coming Soon".
 */
export const unitOfferServiceSchema = z.object({
  serviceId: z.uuid(),
  code: z.string(),
  name: z.string(),
  link: z.string().nullable(),
  /**
   * held: a usable pack holds it; upcoming: none does yet, one starts later; expired: only
   * expired or paused ones do; none: not bought.
   */
  state: z.enum(['held', 'upcoming', 'expired', 'none']),
  /** Until when the newest usable pack holding it runs (null: unlimited or not held). */
  endsAt: z.string().nullable(),
  /** When the first pack still to start begins (upcoming only; else null). */
  startsAt: z.string().nullable(),
  /** A trial may be registered now: the service allows one and the unit never had one. */
  trialAvailable: z.boolean(),
});
/** A pack on offer to a unit: the pack record's public part (no price lists, no counts). */
export const unitOfferPackSchema = servicePackageRecordSchema.pick({
  id: true,
  name: true,
  level: true,
  userBand: true,
  paymentAmount: true,
  moneyType: true,
  highlightFeatures: true,
  trialDays: true,
  serviceNames: true,
});
export const unitPackageChannelsSchema = z.object({
  unitId: z.uuid(),
  unitName: z.string(),
  services: z.array(unitOfferServiceSchema),
  packs: z.array(unitOfferPackSchema),
  /** The packs the unit holds and may use today (its current packs). */
  currentPackIds: z.array(z.uuid()),
});
export type UnitPackageChannels = z.infer<typeof unitPackageChannelsSchema>;
export type UnitOfferService = z.infer<typeof unitOfferServiceSchema>;
export type UnitOfferPack = z.infer<typeof unitOfferPackSchema>;
