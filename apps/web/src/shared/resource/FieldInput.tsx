import { DatePicker, Input, Select, Switch } from 'antd';
import type { FormField } from './types.ts';
import { useOptions } from './options.ts';

/** The input of one form field; antd's Form.Item passes value and onChange through. */
export function FieldInput({ field, disabled, ...props }: { field: FormField; disabled?: boolean; value?: unknown; onChange?: (value: unknown) => void }) {
  const { options, loading } = useOptions(field.options);
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
    case 'date':
      return <DatePicker {...common} {...control} format="DD/MM/YYYY" style={{ width: '100%' }} />;
    default:
      return <Input {...common} {...control} />;
  }
}
