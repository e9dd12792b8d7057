import { useState } from 'react';
import { Alert, Col, Form, Modal, Row } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ResourceContract } from '@portal/contracts';
import { ApiError } from '../../api/http.ts';
import { notifySuccess } from '../notify.ts';
import { FieldInput } from './FieldInput.tsx';
import { toFormValues, toPayload, toPayloadValue } from './form-values.ts';
import type { ResourceApi } from './resource-api.ts';
import { useDialogTitle } from './dialog-title.ts';
import { refusalPlaces } from './refusal-places.ts';
import type { AnyRecord, GenericDefinition } from './types.ts';
import { isRequired, useFieldRules } from '../field-rules.ts';

interface Props {
  definition: GenericDefinition;
  api: ResourceApi<ResourceContract, AnyRecord>;
  record?: AnyRecord | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The add/edit dialog of a resource. Every rule comes from the contract's schema: each field
 * is checked as it changes, the whole object (cross-field rules) on save, and the server's
 * 400 lands on the fields it names. Save stays disabled while a field is invalid.
 */
export function ResourceFormModal({ definition, api, record, onClose, onSaved }: Props) {
  const { t } = useTranslation('resource');
  const rules = useFieldRules();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [hasErrors, setHasErrors] = useState(false);
  // A refusal naming no field of the form: shown above the fields until the user edits one.
  const [refusal, setRefusal] = useState<string | undefined>();
  const title = useDialogTitle(definition);
  const mode = record ? 'edit' : 'create';
  const schema = (mode === 'create' ? (definition.contract.create ?? definition.contract.save) : definition.contract.save) as z.ZodObject;
  const modeFields = (definition.form ?? []).filter((field) => !field.only || field.only === mode);
  const initialValues = toFormValues(modeFields, record, definition.defaults);
  // The values so far, for the fields shown only with some of them (before the first render: the initial ones).
  const watched = Form.useWatch((values: Record<string, unknown>) => values, { form, preserve: true }) as Record<string, unknown> | undefined;
  const fields = modeFields.filter((field) => !field.shownWhen || field.shownWhen(watched ?? initialValues));
  const labelOf = (name: string) => fields.find((field) => field.name === name)?.label ?? name;

  const save = useMutation({
    mutationFn: (payload: Record<string, unknown>) => api.save(payload, record?.id),
    onSuccess: (reply) => {
      notifySuccess(t('saved'));
      definition.afterSave?.(reply);
      onSaved();
    },
    onError: (error) => {
      const { atFields, elsewhere } = refusalPlaces(error, (name) => fields.some((field) => field.name === name));
      // A business refusal's own message ("Email đã tồn tại") says more than the generic one of its key.
      const business = error instanceof ApiError && error.status === 200;
      if (atFields.length) {
        form.setFields(atFields.map(({ name, message }) => ({ name, errors: [business ? error.message : rules.serverMessage(message, labelOf(name))] })));
        setHasErrors(true);
      }
      setRefusal(elsewhere);
    },
  });

  async function submit() {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return setHasErrors(true);
    const payload = toPayload(fields, values, (name) => (schema.shape[name] as z.ZodType | undefined)?.safeParse(null).success === true);
    // The edited record's id is part of the update schema: without it the object-level rules
    // (cross-field checks) would never run here, zod skipping them over the missing key.
    const crossField = rules.objectErrors(schema, record ? { ...payload, id: record.id } : payload, labelOf);
    if (crossField.length) {
      form.setFields(crossField);
      return setHasErrors(true);
    }
    save.mutate(payload);
  }

  return (
    <Modal
      open
      title={title(mode === 'create' ? 'addEntity' : 'editEntity')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: hasErrors }}
      maskClosable={false}
      destroyOnHidden
      width={760}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFieldsChange={() => setHasErrors(form.getFieldsError().some((field) => field.errors.length > 0))}
        onValuesChange={(changed: Record<string, unknown>, values: Record<string, unknown>) => {
          setRefusal(undefined);
          definition.onFormChange?.(changed, values, (name, value) => form.setFieldValue(name, value));
        }}
        onFinish={() => void submit()}
      >
        {refusal && <Alert type="error" showIcon role="alert" message={t('notSaved')} description={refusal} style={{ marginBottom: 16 }} />}
        {definition.formNotice?.(watched ?? initialValues, record)}
        <Row gutter={16}>
          {fields.map((field) => {
            const fieldSchema = schema.shape[field.name] as z.ZodType | undefined;
            const readOnly = mode === 'edit' && field.readOnlyOnEdit;
            return (
              <Col key={field.name} span={field.wide || field.input === 'textarea' ? 24 : 12}>
                <Form.Item
                  name={field.name}
                  label={field.label}
                  required={!readOnly && (field.required ?? isRequired(fieldSchema))}
                  rules={
                    readOnly || !fieldSchema
                      ? []
                      : [rules.field(fieldSchema, field.label, { email: field.name.toLowerCase().endsWith('email'), normalize: (value) => toPayloadValue(field, value) })]
                  }
                >
                  <FieldInput field={field} disabled={readOnly} />
                </Form.Item>
              </Col>
            );
          })}
        </Row>
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
