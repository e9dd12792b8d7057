import type { BusinessTemplateRecord, BusinessTemplateSave, UnitChannelRecord, UnitChannelSave, IntegrationRecord, UnitPackageRecord, UnitPackageSave, ServicePackageRecord, ServicePackageSave, ServiceCreate, ServiceRecord, ServiceUpdate, BlacklistRecord, BlacklistSave, EmailTemplateRecord, EmailTemplateSave, EmailCampaignRecord, EmailCampaignSave, SmsTemplateRecord, SmsTemplateSave, AppObjectRecord, AppObjectSave, AppUserRecord, AppUserSave, AdminAccountRecord, AdminAccountSave, AgencyCreate, AgencyRecord, AgencyRoleRecord, AgencyRoleSave, AgencyTrialUnit, AgencyTrialUnitUpdate, AgencyUnitRecord, AgencyUpdate, AgencyUserRecord, AgencyUserSave, CategoryRecord, CategoryUpdate, ConfigRecord, ConfigUpdate, RoleRecord, RoleSave, UnitCreate, UnitRecord, UnitUpdate, UnitUserRecord, UnitUserSave } from '@portal/contracts';

/** A password every sample account can sign in with. */
export const SAMPLE_PASSWORD = 'Sample#Pass2026';
/** A password of the user's own, set at the first sign-in after a generated or reset one. */
export const OTHER_PASSWORD = 'Own#Pass2026';

let counter = 0;
/** A short suffix no other sample of this process has. */
export function uniqueSuffix(): string {
  counter += 1;
  return `${process.pid.toString(36)}${counter}`;
}

/** A valid enterprise code (10 digits) no other sample has. */
export function sampleBusinessCode(): string {
  counter += 1;
  return `09${String(process.pid % 10_000).padStart(4, '0')}${String(counter % 10_000).padStart(4, '0')}`;
}

/** What a sample needs to know of the world it is made for. */
export interface SampleContext {
  /** The unit a unit's user is added to. */
  unitId: string;
  /** A platform role staff accounts are given. */
  platformRoleId: string;
  /** A service the unit has bought (CRM), for the objects of a unit's service apps. */
  serviceId?: string;
  /** The agency (X) an agency's objects are made in (the fixtures always say). */
  agencyId?: string;
  /** A service pack units are given (the unit-pack samples). */
  packageId?: string;
  /** A role of that agency its sample users are given. */
  agencyRoleId?: string;
}

/**
 * Valid bodies for one resource: a new object, and an edit of an existing one that changes
 * something anyone would notice while keeping the rest as it is.
 */
export interface SampleFactory<Create = Record<string, unknown>, Rec = Record<string, unknown>, Update = Record<string, unknown>> {
  create(context: SampleContext, suffix?: string): Create;
  update(record: Rec): Update;
}

export const unitSample: SampleFactory<UnitCreate, UnitRecord, UnitUpdate> = {
  create: (_context, n = uniqueSuffix()) => ({
    name: `Công ty Mẫu ${n}`,
    businessCode: sampleBusinessCode(),
    numberOfEmployees: '2-20',
    shortName: `MAU ${n}`,
    address: 'Huế',
    adminUsername: `admin.mau${n}`,
    adminEmail: `admin@mau${n}.example.com`,
  }),
  update: (record) => ({
    id: record.id,
    name: `${record.name} (edited)`,
    businessCode: record.businessCode ?? sampleBusinessCode(),
    numberOfEmployees: '21-100',
    shortName: record.shortName,
    address: record.address,
    isTrial: record.isTrial,
    expiryDate: record.expiryDate,
  }),
};

export const roleSample: SampleFactory<RoleSave, RoleRecord, RoleSave> = {
  create: (_context, n = uniqueSuffix()) => ({ name: `Vai trò mẫu ${n}`, description: 'Sample role' }),
  update: (record) => ({ id: record.id, name: `${record.name} (edited)`, description: record.description }),
};

export const adminAccountSample: SampleFactory<AdminAccountSave, AdminAccountRecord, AdminAccountSave> = {
  create: (context, n = uniqueSuffix()) => ({
    username: `staff.${n}`,
    email: `staff.${n}@portal.example.com`,
    firstName: 'Staff',
    lastName: `Sample ${n}`,
    mobile: '0901234567',
    roleIds: [context.platformRoleId],
    allowExport: false,
  }),
  update: (record) => ({
    id: record.id,
    email: record.email,
    firstName: `${record.firstName} edited`,
    lastName: record.lastName,
    mobile: record.mobile,
    roleIds: record.roleIds,
    allowExport: record.allowExport,
    status: record.status as 1 | 5,
  }),
};

export const unitUserSample: SampleFactory<UnitUserSave, UnitUserRecord, UnitUserSave> = {
  create: (context, n = uniqueSuffix()) => ({
    unitId: context.unitId,
    username: `user.${n}`,
    email: `user.${n}@unit.example.com`,
    firstName: 'Sample',
    lastName: `User ${n}`,
    mobile: '0912345678',
    positionCode: 'STAFF',
    departmentCode: 'SALES',
    password: SAMPLE_PASSWORD,
    confirmPassword: SAMPLE_PASSWORD,
  }),
  update: (record) => ({
    id: record.id,
    email: record.email,
    firstName: `${record.firstName} edited`,
    lastName: record.lastName,
    mobile: record.mobile,
    description: record.description,
    positionCode: record.positionCode,
    departmentCode: record.departmentCode,
    reportToId: record.reportToId,
    groupCode: record.groupCode,
    extensionOption: record.extensionOption as 0 | 1 | 2,
    extensionNumber: record.extensionNumber,
    isAdmin: record.isAdmin,
    status: record.status as 1 | 5,
  }),
};

/** Roles, profiles and groups of a service share one shape. */
export const appObjectSample: SampleFactory<AppObjectSave, AppObjectRecord, AppObjectSave> = {
  create: (context, n = uniqueSuffix()) => ({ unitId: context.unitId, serviceId: context.serviceId!, code: `CODE_${n}`, name: `Mẫu ${n}`, description: 'Sample' }),
  update: (record) => ({ id: record.id, serviceId: record.serviceId, code: record.code, name: `${record.name} (edited)`, description: record.description }),
};

/** An app user needs a unit user not yet in the service: the fixtures give a fresh one as `userId`. */
export const appUserSample: SampleFactory<AppUserSave, AppUserRecord, AppUserSave> = {
  create: (context) => ({ serviceId: context.serviceId!, userId: '' }),
  update: (record) => ({ id: record.id, serviceId: record.serviceId, userId: record.userId, roleId: record.roleId, profileId: record.profileId, groupId: record.groupId, status: record.status === 1 ? 0 : 1 }),
};

/** A setting of the installation's own (not one the portal reads). */
export const configSample: SampleFactory<Omit<ConfigUpdate, 'id'>, ConfigRecord, ConfigUpdate> = {
  create: (_context, n = uniqueSuffix()) => ({ key: `SAMPLE_${n}`.toUpperCase(), value: '42', valueType: 'number', description: 'Sample setting' }),
  update: (record) => ({ id: record.id, key: record.key, value: String(Number(record.value) + 1), valueType: record.valueType, description: record.description }),
};

/** An entry of the position group. */
export const categorySample: SampleFactory<Omit<CategoryUpdate, 'id'>, CategoryRecord, CategoryUpdate> = {
  create: (_context, n = uniqueSuffix()) => ({ parentCode: 'POSITION', code: `SAMPLE_${n}`, name: `Chức vụ mẫu ${n}`, sortOrder: 50, colorCode: '#1677ff' }),
  update: (record) => ({ id: record.id, parentCode: record.parentCode, code: record.code, name: `${record.name} (edited)`, sortOrder: record.sortOrder, colorCode: record.colorCode }),
};

/** Entries of the blacklists: a domain, a subdomain, an allowed address. */
function listSample(value: (n: string) => string): SampleFactory<BlacklistSave, BlacklistRecord, BlacklistSave> {
  return { create: (_context, n = uniqueSuffix()) => ({ value: value(n) }), update: (record) => ({ id: record.id, value: value(`${uniqueSuffix()}x`) }) };
}

/** A template without a type (campaign content). */
export const emailTemplateSample: SampleFactory<EmailTemplateSave, EmailTemplateRecord, EmailTemplateSave> = {
  create: (_context, n = uniqueSuffix()) => ({ name: `Mẫu thư ${n}`, systemType: null, language: 'vi', subject: `Bản tin ${n}`, content: '<p>Xin chào quý khách</p>' }),
  update: (record) => ({ id: record.id, name: `${record.name} (edited)`, systemType: record.systemType, language: record.language, subject: record.subject, content: record.content }),
};

/** A campaign to two addresses, due long after any test ends. */
export const emailCampaignSample: SampleFactory<EmailCampaignSave, EmailCampaignRecord, EmailCampaignSave> = {
  create: (_context, n = uniqueSuffix()) => ({
    name: `Chiến dịch ${n}`,
    subject: `Bản tin ${n}`,
    receiverType: 1,
    receivers: `khach.${n}@example.com, ban.${n}@example.com`,
    cc: '',
    bcc: '',
    content: '<p>Xin chào quý khách</p>',
    sendAt: '2030-01-01T01:00:00.000Z',
  }),
  update: (record) => ({ id: record.id, name: `${record.name} (edited)`, subject: record.subject, receiverType: record.receiverType, receivers: record.receivers, unitIds: record.unitIds, cc: record.cc, bcc: record.bcc, content: record.content, sendAt: record.sendAt }),
};

/** An SMS template without a system type. */
export const smsTemplateSample: SampleFactory<SmsTemplateSave, SmsTemplateRecord, SmsTemplateSave> = {
  create: (_context, n = uniqueSuffix()) => ({ name: `Mẫu SMS ${n}`, content: 'Cam on quy khach da su dung dich vu.', type: 'CUSTOMER_CARE', systemType: null }),
  update: (record) => ({ id: record.id, name: `${record.name} (edited)`, content: record.content, type: record.type, systemType: record.systemType }),
};

export const agencySample: SampleFactory<AgencyCreate, AgencyRecord, AgencyUpdate> = {
  create: (_context, n = uniqueSuffix()) => ({
    name: `Đại lý Mẫu ${n}`,
    code: `DLM${n}`.slice(0, 20),
    contactName: 'Người liên hệ',
    contactEmail: `lienhe.${n}@agency.example.com`,
    contactPhone: '0281234567',
    address: 'Đà Nẵng',
    taxCode: '0101234567',
    commissionPercent: 12.5,
    commissionBasis: 'RECURRING',
    contractStartDate: '2026-01-01T00:00:00.000Z',
    contractEndDate: '2027-01-01T00:00:00.000Z',
  }),
  update: (record) => ({
    id: record.id,
    name: `${record.name} (edited)`,
    code: record.code,
    contactName: record.contactName,
    contactEmail: record.contactEmail,
    contactPhone: record.contactPhone,
    address: record.address,
    taxCode: record.taxCode,
    commissionPercent: record.commissionPercent + 1,
    commissionBasis: record.commissionBasis,
    contractStartDate: record.contractStartDate,
    contractEndDate: record.contractEndDate,
  }),
};

/** A customer's trial unit, registered in agency X (an agency's own user's body names no agency that counts). */
export const agencyUnitSample: SampleFactory<AgencyTrialUnit, AgencyUnitRecord, AgencyTrialUnitUpdate> = {
  create: (context, n = uniqueSuffix()) => ({
    agencyId: context.agencyId,
    name: `Khách hàng Mẫu ${n}`,
    businessCode: sampleBusinessCode(),
    numberOfEmployees: '2-20',
    shortName: `KH ${n}`,
    address: 'Cần Thơ',
    adminUsername: `admin.kh${n}`,
    adminEmail: `admin@kh${n}.example.com`,
  }),
  update: (record) => ({
    id: record.id,
    name: `${record.name} (sửa)`,
    businessCode: record.businessCode ?? sampleBusinessCode(),
    numberOfEmployees: '21-100',
    shortName: record.shortName,
    address: 'Cần Thơ (sửa)',
  }),
};

export const agencyRoleSample: SampleFactory<AgencyRoleSave, AgencyRoleRecord, AgencyRoleSave> = {
  create: (context, n = uniqueSuffix()) => ({ agencyId: context.agencyId, name: `Vai trò đại lý ${n}`, description: 'Sample agency role' }),
  update: (record) => ({ id: record.id, agencyId: record.agencyId, name: `${record.name} (edited)`, description: record.description }),
};

export const agencyUserSample: SampleFactory<AgencyUserSave, AgencyUserRecord, AgencyUserSave> = {
  create: (context, n = uniqueSuffix()) => ({
    agencyId: context.agencyId,
    username: `sale.${n}`,
    email: `sale.${n}@agency.example.com`,
    firstName: 'Sale',
    lastName: `Agency ${n}`,
    mobile: '0934567890',
    roleIds: [context.agencyRoleId!],
    password: SAMPLE_PASSWORD,
    confirmPassword: SAMPLE_PASSWORD,
  }),
  update: (record) => ({
    id: record.id,
    email: record.email,
    firstName: `${record.firstName} edited`,
    lastName: record.lastName,
    mobile: record.mobile,
    roleIds: record.roleIds,
    isAgent: record.isAgent,
    status: record.status as 1 | 5,
  }),
};

export const serviceSample: SampleFactory<ServiceCreate, ServiceRecord, ServiceUpdate> = {
  create: (_context, n = uniqueSuffix()) => ({
    name: `Dịch vụ mẫu ${n}`,
    code: `SVC_${n}`.toUpperCase(),
    groupCode: 'BUSINESS',
    link: `https://svc-${n}.example.test/`,
    redirectLink: `https://svc-${n}.example.test/signin-callback`,
    allowTrial: true,
  }),
  update: ({ id, clientId: _c, hasClientSecret: _h, clientSecretRotatedAt: _r, createdAt: _a, status: _s, ...fields }) => ({ id, ...fields, name: `${fields.name} (edited)` }),
};

/** An integration of a service (the fixtures give a fresh service as `serviceId`); a unit's names the unit, a default ignores it. */
function integrationSample(withUnit: boolean): SampleFactory<Record<string, unknown>, IntegrationRecord, Record<string, unknown>> {
  return {
    create: (context, n = uniqueSuffix()) => ({
      ...(withUnit ? { unitId: context.unitId } : {}),
      serviceId: context.serviceId!,
      scimEndpoint: `https://app-${n}.example.test/scim/v2/{tenant}`,
      backchannelLogoutUri: `https://app-${n}.example.test/backchannel-logout`,
      enabled: true,
      credential: `token-${n}`,
    }),
    update: ({ id, serviceId, unitId, scimEndpoint, backchannelLogoutUri, enabled }) => ({
      id,
      ...(withUnit ? { unitId } : {}),
      serviceId,
      scimEndpoint,
      backchannelLogoutUri,
      enabled: !enabled,
    }),
  };
}

export const servicePackageSample: SampleFactory<ServicePackageSave, ServicePackageRecord, ServicePackageSave> = {
  create: (context, n = uniqueSuffix()) => ({
    name: `Gói mẫu ${n}`,
    level: 'Plus',
    userBand: '2-20',
    serviceIds: [context.serviceId!],
    pricePerUserMonth: 120000,
    discountPercent: 10,
    highlightFeatures: 'CRM',
    trialDays: 14,
    expiryMonths: 12,
  }),
  update: ({ serviceNames: _n, paymentAmount: _p, moneyType: _m, unitsUsing: _u, status: _s, createdAt: _c, ...fields }) => ({ ...fields, name: `${fields.name} (edited)`, discountPercent: 20 }),
};

export const unitPackageSample: SampleFactory<UnitPackageSave, UnitPackageRecord, UnitPackageSave> = {
  create: (context) => ({ unitId: context.unitId, packageId: context.packageId!, startsAt: '2026-01-01T00:00:00.000Z', endsAt: '2027-01-01T00:00:00.000Z', isTrial: false }),
  // More seats than the grants a whole matrix run gives unit A (each cell of each actor makes its own fresh app user).
  update: (record) => ({ id: record.id, unitId: record.unitId, packageId: record.packageId, seats: record.seats + 1000, startsAt: record.startsAt, endsAt: '2028-01-01T00:00:00.000Z', isTrial: record.isTrial }),
};

export const unitChannelSample: SampleFactory<UnitChannelSave, UnitChannelRecord, UnitChannelSave> = {
  create: (context) => ({ unitId: context.unitId, serviceId: context.serviceId!, status: 1 }),
  update: (record) => ({ id: record.id, unitId: record.unitId, serviceId: record.serviceId, status: record.status === 1 ? 0 : 1 }),
};

/** A business-information template of the unit's service (CRM), not its default. */
export const businessTemplateSample: SampleFactory<BusinessTemplateSave, BusinessTemplateRecord, BusinessTemplateSave> = {
  create: (context, n = uniqueSuffix()) => ({ serviceId: context.serviceId!, name: `Mẫu ngành ${n}`, description: 'Bán lẻ', content: '{"pipelines":["Bán lẻ"]}', isDefault: false }),
  update: (record) => ({ id: record.id, serviceId: record.serviceId, name: `${record.name} (edited)`, description: record.description, content: record.content, isDefault: record.isDefault }),
};

/** One sample factory per resource that can be written, by the resource's wire name. */
const SAMPLES: Readonly<Record<string, SampleFactory<object, never, object> | undefined>> = {
  Unit: unitSample,
  Role: roleSample,
  AdminAccount: adminAccountSample,
  UnitUser: unitUserSample,
  AppRole: appObjectSample,
  AppProfile: appObjectSample,
  AppUserGroup: appObjectSample,
  AppUser: appUserSample,
  Agency: agencySample,
  AgencyUnit: agencyUnitSample,
  AgencyRole: agencyRoleSample,
  AgencyUser: agencyUserSample,
  ConfigData: configSample,
  ConfigDataDefault: configSample,
  Category: categorySample,
  Channel: serviceSample,
  ChannelPackage: servicePackageSample,
  PackageServiceChannel: unitPackageSample,
  UnitChannel: unitChannelSample,
  BlackList: listSample((n) => `spam${n}.example.com`),
  BlackListSubdomain: listSample((n) => `sub${n}.example.org`),
  ExceptionBlackList: listSample((n) => `allowed.${n}@spam.example.com`),
  EmailTemplate: emailTemplateSample,
  EmailCampaign: emailCampaignSample,
  TemplateSms: smsTemplateSample,
  Integrate: integrationSample(true),
  IntegrateDefault: integrationSample(false),
  TemplateClone: businessTemplateSample,
};

/** A period of whole days ending today: what a report's search cannot go without. */
function lastMonth(): { fromDate: string; toDate: string } {
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  return { fromDate: day(Date.now() - 30 * 86_400_000), toDate: day(Date.now()) };
}

/** Filters a resource's search requires (a report's period), by the resource's wire name. */
const SEARCH_SAMPLES: Readonly<Record<string, (() => object) | undefined>> = {
  ReportServiceVisitOverTime: lastMonth,
  ReportUnitUsingServiceDetail: lastMonth,
};

/** The filters a search of `resource` must carry beside paging (none for most lists). */
export function searchSampleFor(resource: string): object {
  return SEARCH_SAMPLES[resource]?.() ?? {};
}

/** The sample factory of a resource, for code that handles every resource alike. */
export function sampleFor(resource: string): SampleFactory | undefined {
  return SAMPLES[resource] as SampleFactory | undefined;
}
