import { USER_COUNT_BANDS } from '../constants.ts';

/** Lookup category groups read by the forms through /api/Category/GetByParentCode/{code}. */
export const LOOKUP_GROUPS = [
  'MONEY_TYPE',
  'ACCOUNT_TYPE_FOR_UNIT',
  'MAX_NUMBER_USER_IN_UNIT',
  'POSITION',
  'DEPARTMENT',
] as const;
export type LookupGroup = (typeof LOOKUP_GROUPS)[number];

export interface CategorySeed {
  code: string;
  name: string;
}

/** Entries every installation starts with; administrators edit them under /system/category. */
export const LOOKUP_SEED: Record<LookupGroup, readonly CategorySeed[]> = {
  MONEY_TYPE: [
    { code: 'VND', name: 'VND' },
    { code: 'USD', name: 'USD' },
  ],
  ACCOUNT_TYPE_FOR_UNIT: [
    { code: 'TRIAL', name: 'Dùng thử' },
    { code: 'OFFICIAL', name: 'Chính thức' },
  ],
  MAX_NUMBER_USER_IN_UNIT: USER_COUNT_BANDS.map((band) => ({ code: band, name: band })),
  POSITION: [
    { code: 'DIRECTOR', name: 'Giám đốc' },
    { code: 'MANAGER', name: 'Trưởng phòng' },
    { code: 'LEADER', name: 'Trưởng nhóm' },
    { code: 'STAFF', name: 'Nhân viên' },
  ],
  DEPARTMENT: [
    { code: 'BOARD', name: 'Ban giám đốc' },
    { code: 'SALES', name: 'Kinh doanh' },
    { code: 'CUSTOMER_CARE', name: 'Chăm sóc khách hàng' },
    { code: 'ACCOUNTING', name: 'Kế toán' },
    { code: 'IT', name: 'Công nghệ thông tin' },
    { code: 'HR', name: 'Nhân sự' },
  ],
};
