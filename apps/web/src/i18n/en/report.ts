import type vi from '../vi/report.ts';
import type { Phrases } from '../phrases.ts';

export default {
  choose: 'Choose a report',
  reports: {
    Report_3: 'Report_3 · Service access counts over time',
    Report_UnitsByPackageService: "Businesses using each pack's services",
    Report_UnitsOfService: 'Businesses using a service, in detail',
  },
  filters: {
    period: 'Period',
    unit: 'Business',
    service: 'Service',
  },
  columns: {
    date: 'Date',
    serviceName: 'Service',
    packageName: 'Service pack',
    packageNames: 'Service packs',
    unitName: 'Business',
    numberOfAccesses: 'Accesses',
    numberOfUnits: 'Businesses using it',
  },
  chart: 'Chart',
  empty: 'No data in this period',
} satisfies Phrases<typeof vi>;
