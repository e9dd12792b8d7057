import type vi from '../vi/dashboard.ts';
import type { Phrases } from '../phrases.ts';

export default {
  period: 'Period',
  fromDate: 'From',
  toDate: 'To',
  unit: 'Unit',
  allUnits: 'All units',
  live: 'Live updates',
  figures: {
    numberUnitsActive: 'Active units',
    totalUnit: 'Total units',
    numberUserActive: 'Active users',
    totalUser: 'Total users',
    userOnline: 'Users online',
    numberUserSignIn: 'Sign-ins',
    numberOfUnitsImplementation: 'Units implementing',
    numberOfUnitsJustImplementation: 'Units just implemented',
    numberOfUserJustAddInDay: 'Users added today',
    numberDeviceSignin: 'Devices signed in',
    numberOfSignin: 'Sign-ins',
    numberOfSignout: 'Sign-outs',
  },
  charts: {
    access: 'Access chart',
    serviceUsage: 'Service usage chart',
    signIn: 'Sign-ins',
    signOut: 'Sign-outs',
    units: 'Units using it',
    accesses: 'Accesses',
  },
  empty: 'No activity in this period',
} satisfies Phrases<typeof vi>;
