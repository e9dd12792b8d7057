import type vi from '../vi/log.ts';
import type { Phrases } from '../phrases.ts';

export default {
  title: 'Activity log',
  fields: {
    module: 'Module',
    action: 'Action',
    result: 'Result',
    user: 'User',
    unit: 'Unit',
    object: 'Object',
    content: 'Content',
    ip: 'IP address',
    date: 'Date',
    dateRange: 'Date range',
  },
  objects: {
    1: 'Unit',
    5: 'Service in unit',
    10: 'User',
    15: 'Role',
    20: 'User by unit',
    25: 'Service package',
    30: 'System permission',
    35: 'Service permission',
    40: 'System config',
    45: 'Blacklist',
    50: "Unit's service package",
    100: 'Agency',
    105: 'Agency role',
    110: 'Agency user',
  } as Record<number, string>,
  actions: {
    1: 'Add',
    5: 'Edit',
    10: 'Delete',
    15: 'Change status',
    20: 'Sync',
    25: 'Register',
    30: 'Confirm',
  } as Record<number, string>,
  results: { 1: 'Success', 0: 'Failure' } as Record<number, string>,
} satisfies Phrases<typeof vi>;
