import type { AdminAccountRecord, AdminAccountSave, RoleRecord, RoleSave, UnitCreate, UnitRecord, UnitUpdate, UnitUserRecord, UnitUserSave } from '@portal/contracts';

/** A password every sample account can sign in with. */
export const SAMPLE_PASSWORD = 'Sample#Pass2026';

let counter = 0;
/** A short suffix no other sample of this process has. */
export function uniqueSuffix(): string {
  counter += 1;
  return `${process.pid.toString(36)}${counter}`;
}

/** What a sample needs to know of the world it is made for. */
export interface SampleContext {
  /** The unit a unit's user is added to. */
  unitId: string;
  /** A platform role staff accounts are given. */
  platformRoleId: string;
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
    businessCode: `MAU-${n}`,
    numberOfEmployees: '2-20',
    shortName: `MAU ${n}`,
    address: 'Huế',
    adminUsername: `admin.mau${n}`,
    adminEmail: `admin@mau${n}.example.com`,
  }),
  update: (record) => ({
    id: record.id,
    name: `${record.name} (edited)`,
    businessCode: record.businessCode ?? `MAU-${uniqueSuffix()}`,
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

/** One sample factory per resource that can be written, by the resource's wire name. */
const SAMPLES: Readonly<Record<string, SampleFactory<object, never, object> | undefined>> = {
  Unit: unitSample,
  Role: roleSample,
  AdminAccount: adminAccountSample,
  UnitUser: unitUserSample,
};

/** The sample factory of a resource, for code that handles every resource alike. */
export function sampleFor(resource: string): SampleFactory | undefined {
  return SAMPLES[resource] as SampleFactory | undefined;
}
