/** The services (channels) of the suite that every installation starts with (section 1). */
export const BASE_SERVICES = [
  { code: 'PORTAL', name: 'Portal', groupCode: 'PORTAL' },
  { code: 'CRM', name: 'CRM', groupCode: 'BUSINESS' },
  { code: 'IC', name: 'IC', groupCode: 'BUSINESS' },
  { code: 'LCM', name: 'LCM', groupCode: 'BUSINESS' },
  { code: 'WFM', name: 'WFM', groupCode: 'BUSINESS' },
  { code: 'SR', name: 'base SR', groupCode: 'BUSINESS' },
] as const;

export type BaseServiceCode = (typeof BASE_SERVICES)[number]['code'];
export const PORTAL_SERVICE_CODE: BaseServiceCode = 'PORTAL';
