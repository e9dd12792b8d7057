import type vi from '../vi/unit.ts';
import type { Phrases } from '../phrases.ts';

export default {
  title: 'Businesses',
  fields: {
    name: 'Company name',
    businessCode: 'Business registration code',
    numberOfEmployees: 'Number of employees',
    shortName: 'Short name',
    address: 'Address',
    tenantId: 'Tenant ID',
    adminUnit: 'Admin unit',
    adminUsername: 'Admin account',
    adminEmail: 'Admin e-mail',
    adminPassword: 'Admin password (leave empty to generate one)',
    status: 'Status',
    isTrial: 'Trial',
    expiryDate: 'Expiry date',
    registrationDate: 'Registration date',
    agency: 'Brought by agency',
    userCount: 'Users',
  },
  type: { trial: 'Trial', official: 'Official' },
  deleteQuestion: 'Deleting the business "{{name}}" removes all of its users from the system. Are you sure you want to delete it?',
  statusQuestion: {
    on: 'Are you sure you want to activate the business "{{name}}"?',
    off: 'Are you sure you want to deactivate the business "{{name}}"?',
  },
  sendElearning: 'Send learning account info',
  sendElearningQuestion: 'Send the learning account info to the administrator of "{{name}}"?',
  sent: 'E-mail sent',
} satisfies Phrases<typeof vi>;
