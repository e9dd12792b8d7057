import type { Dayjs } from 'dayjs';
import { describe, expectTypeOf, it } from 'vitest';
import type { appUserResource, DeliveryFailure, serviceVisitReport, ReportChart, unitPackageResource } from '@portal/contracts';
import type { FormValues, RecordOf, ResourceColumn, ResourceScreenDefinition, SavedReply, SearchReply } from './types.ts';

// The screen half of the resource pattern is typed by its contract: these are checked by the
// compiler (`npm run typecheck`), each `@ts-expect-error` failing the build if its line compiles.

type UnitPack = RecordOf<typeof unitPackageResource>;

describe('screen definitions typed by their contract', () => {
  it('takes a column of a field of the record, not a misspelt one', () => {
    const column: ResourceColumn<UnitPack> = { title: 'Unit', dataIndex: 'unitName', key: 'unitName' };
    // @ts-expect-error no such field: antd's own column would take any string
    const misspelt: ResourceColumn<UnitPack> = { title: 'Unit', dataIndex: 'unitname', key: 'unitName' };
    expectTypeOf(column.dataIndex).toEqualTypeOf<keyof UnitPack | undefined>();
    expectTypeOf(misspelt).not.toBeAny();
  });

  it('names form fields of the save schema only', () => {
    const definition: Pick<ResourceScreenDefinition<typeof unitPackageResource>, 'form'> = {
      form: [
        { name: 'seats', label: 'Seats', input: 'number' },
        // @ts-expect-error no such field in the save schema nor the record
        { name: 'seat', label: 'Seats', input: 'number' },
      ],
    };
    expectTypeOf(definition.form).not.toBeAny();
  });

  it("hands the form's values as the dialog holds them: an id as a string, a date as a dayjs", () => {
    expectTypeOf<FormValues<typeof unitPackageResource>['packageId']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<FormValues<typeof unitPackageResource>['startsAt']>().toEqualTypeOf<Dayjs | null | undefined>();
  });

  it("hands what a reply carries beside its page or id, from the contract's extras", () => {
    expectTypeOf<SavedReply<typeof appUserResource>['errorCreateBaseApp']>().toEqualTypeOf<DeliveryFailure | null>();
    expectTypeOf<SearchReply<typeof serviceVisitReport>['chart']>().toEqualTypeOf<ReportChart>();
  });
});
