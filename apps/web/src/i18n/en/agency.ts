import type vi from '../vi/agency.ts';
import type { Phrases } from '../phrases.ts';

export default {
  agencies: 'Agencies',
  roles: 'Agency roles',
  users: 'Agency users',
  units: 'Agency businesses',
  fields: {
    name: 'Agency name',
    code: 'Agency code',
    contactName: 'Contact',
    contactEmail: 'Contact e-mail',
    contactPhone: 'Contact phone',
    address: 'Address',
    taxCode: 'Tax code',
    status: 'Status',
    commissionPercent: 'Commission (%)',
    commissionBasis: 'Commission basis',
    contractStartDate: 'Contract starts',
    contractEndDate: 'Contract ends',
    unitCount: 'Businesses brought',
    trialUnitCount: 'On trial',
    userCount: 'Accounts',
    createdAt: 'Created',
    agency: 'Agency',
    roleName: 'Role name',
    description: 'Description',
    isAgent: 'Account type',
    roles: 'Roles',
    packs: 'Service packs',
    openUpgradeRequests: 'Open upgrade requests',
  },
  basis: {
    FIRST_PAYMENT: 'Once, on the first paid pack',
    RECURRING: 'On every payment of the business',
  },
  commission: '{{percent}}% — {{basis}}',
  kind: { agent: 'Agent', agentUser: 'Agent user' },
  deleteQuestion: 'Deleting the agency "{{name}}" removes all of its accounts and roles; the businesses it brought are kept. Are you sure you want to delete it?',
  statusQuestion: {
    on: 'Are you sure you want to activate the agency "{{name}}"?',
    off: 'Deactivating the agency "{{name}}" signs out all of its accounts. Are you sure?',
  },
  role: {
    deleteQuestion: 'Are you sure you want to delete the role "{{name}}"?',
    statusQuestion: {
      on: 'Are you sure you want to activate the role "{{name}}"?',
      off: 'Are you sure you want to deactivate the role "{{name}}"?',
    },
    permissions: 'Permissions',
  },
  user: {
    deleteQuestion: 'Deleting the account "{{name}}" removes this user from the system. Are you sure you want to delete it?',
  },
} satisfies Phrases<typeof vi>;
