import { Button, Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateProfileRequestSchema, type UpdateProfileRequest, type UserProfile } from '@portal/contracts';
import { useFieldRules } from '../../shared/field-rules.ts';
import { notifySuccess } from '../../shared/notify.ts';
import { useUpdateProfile } from './account-api.ts';

const fields = updateProfileRequestSchema.shape;

/** Account information (section 5): names and mobile required, e-mail and roles read-only, save blocked while invalid. */
export function ProfileForm({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('account');
  const rules = useFieldRules();
  const [form] = Form.useForm<UpdateProfileRequest>();
  const values = Form.useWatch([], form);
  const update = useUpdateProfile();
  // The contract decides whether the form may be saved: the same schema the server applies.
  const valid = updateProfileRequestSchema.safeParse(values ?? {}).success;

  return (
    <Form<UpdateProfileRequest>
      form={form}
      layout="vertical"
      initialValues={{ firstName: profile.firstName, lastName: profile.lastName, mobile: profile.mobile ?? '', description: profile.description ?? '' }}
      onFinish={(body) =>
        update.mutate(updateProfileRequestSchema.parse(body), {
          onSuccess: (saved) => {
            form.setFieldsValue({ firstName: saved.firstName, lastName: saved.lastName });
            notifySuccess(t('info.saved'));
          },
        })
      }
    >
      <Form.Item label={t('info.username')} htmlFor="profile-username">
        <Input id="profile-username" value={profile.username} disabled />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12 }}>
        <Form.Item label={t('info.lastName')} name="lastName" rules={[rules.field(fields.lastName, t('info.lastName'))]} style={{ flex: 1 }}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item label={t('info.firstName')} name="firstName" rules={[rules.field(fields.firstName, t('info.firstName'))]} style={{ flex: 1 }}>
          <Input autoComplete="given-name" />
        </Form.Item>
      </div>
      <Form.Item label={t('info.mobile')} name="mobile" rules={[rules.field(fields.mobile, t('info.mobile'))]}>
        <Input inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item label={t('info.email')} htmlFor="profile-email">
        <Input id="profile-email" value={profile.email} disabled />
      </Form.Item>
      <Form.Item label={t('info.roles')}>
        <div>
          {profile.roleNames.map((role) => (
            <Tag key={role}>{role}</Tag>
          ))}
        </div>
      </Form.Item>
      <Form.Item label={t('info.description')} name="description" rules={[rules.field(fields.description, t('info.description'))]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Button type="primary" htmlType="submit" disabled={!valid} loading={update.isPending}>
        {t('info.save')}
      </Button>
    </Form>
  );
}
