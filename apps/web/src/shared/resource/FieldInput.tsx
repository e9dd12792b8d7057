import dayjs, { type Dayjs } from 'dayjs';
import { ColorPicker, DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import type { FormField } from './types.ts';
import { useOptions } from './options.ts';
import { RemoteSelect } from './RemoteSelect.tsx';

const keepEnterInPicker = (event: React.KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

/** The input of one form field; antd's Form.Item passes value and onChange through. */
export function FieldInput({ field, disabled, ...props }: { field: FormField; disabled?: boolean; value?: unknown; onChange?: (value: unknown) => void }) {
  const { options, loading, remote } = useOptions(field.options);
  // Form.Item hands each input the value it holds for the field; the inputs differ in its type.
  const control = props as { value?: never; onChange?: (value: unknown) => void };
  const common = { disabled, placeholder: field.placeholder, 'aria-label': field.label };
  switch (field.input) {
    case 'password':
      return <Input.Password {...common} {...control} autoComplete="new-password" />;
    case 'textarea':
      return <Input.TextArea {...common} {...control} rows={3} />;
    case 'select':
    case 'multiselect':
      if (remote) return <RemoteSelect {...common} {...control} source={remote} multiple={field.input === 'multiselect'} />;
      return (
        <Select
          {...common}
          {...control}
          options={options as never}
          loading={loading}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          mode={field.input === 'multiselect' ? 'multiple' : undefined}
        />
      );
    case 'switch':
      return <Switch disabled={disabled} checked={Boolean(props.value)} onChange={control.onChange} aria-label={field.label} />;
    case 'number':
      return <InputNumber {...common} {...control} style={{ width: '100%' }} />;
    case 'date':
      // Enter confirms the typed day; it does not also submit the dialog's form.
      return <DatePicker {...common} {...control} format="DD/MM/YYYY" style={{ width: '100%' }} onKeyDown={keepEnterInPicker} />;
    case 'datetime':
      return (
        <DatePicker
          {...common}
          {...control}
          showTime
          format="DD/MM/YYYY HH:mm:ss"
          style={{ width: '100%' }}
          onKeyDown={keepEnterInPicker}
          {...(field.future ? { showNow: false, disabledDate: (day: Dayjs) => day.isBefore(dayjs(), 'day') } : {})}
        />
      );
    case 'custom': {
      const Custom = field.component!;
      return <Custom value={props.value} onChange={control.onChange} disabled={disabled} label={field.label} />;
    }
    case 'color':
      // The contract holds the colour as #rrggbb text; cleared, it is empty.
      return (
        <ColorPicker
          disabled={disabled}
          value={(props.value as string | null | undefined) ?? null}
          format="hex"
          disabledAlpha
          allowClear
          showText
          aria-label={field.label}
          onChange={(color) => control.onChange?.(color.cleared ? null : color.toHexString())}
          onClear={() => control.onChange?.(null)}
        />
      );
    default:
      return <Input {...common} {...control} />;
  }
}
