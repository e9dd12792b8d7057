import { Alert, Button, Checkbox, Form, Input, Select, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signUpFieldsSchema, USER_COUNT_BANDS, type InteractionStep, type SignUpRequest } from '@portal/contracts';
import { useFieldRules } from '../../shared/field-rules.ts';
import { submitSignUp } from './interaction-api.ts';

const fields = signUpFieldsSchema.shape;

/** Sign-up of a trial unit (section 5): an OTP is e-mailed before anything is created. */
export function SignUpForm({ uid, onStep, onBack }: { uid: string; onStep: (step: InteractionStep) => void; onBack: () => void }) {
  const { t } = useTranslation('signin');
  const rules = useFieldRules();
  const signUp = useMutation({ mutationFn: (body: SignUpRequest) => submitSignUp(uid, body), onSuccess: onStep });
  const label = (key: keyof typeof fields & string) => t(`signUp.${key as Exclude<typeof key, 'agreeTerms'>}`);

  return (
    <>
      <Typography.Title level={2}>{t('signUp.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('signUp.subtitle')}</Typography.Paragraph>
      {signUp.isError && <Alert type="error" showIcon title={signUp.error.message} style={{ marginBottom: 16 }} role="alert" />}
      <Form<SignUpRequest> layout="vertical" requiredMark onFinish={(values) => signUp.mutate(values)} disabled={signUp.isPending}>
        <Form.Item label={label('companyName')} name="companyName" required rules={[rules.field(fields.companyName, label('companyName'))]}>
          <Input autoComplete="organization" autoFocus />
        </Form.Item>
        <Form.Item label={label('businessCode')} name="businessCode" required rules={[rules.field(fields.businessCode, label('businessCode'))]}>
          <Input />
        </Form.Item>
        <Form.Item label={label('numberOfEmployees')} name="numberOfEmployees" required rules={[rules.field(fields.numberOfEmployees, label('numberOfEmployees'))]}>
          <Select placeholder={t('signUp.numberOfEmployeesPlaceholder')} options={USER_COUNT_BANDS.map((band) => ({ value: band, label: band }))} />
        </Form.Item>
        <Form.Item label={label('username')} name="username" required rules={[rules.field(fields.username, label('username'))]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item label={label('email')} name="email" required rules={[rules.field(fields.email, label('email'), { email: true })]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label={label('password')} name="password" required rules={[rules.field(fields.password, label('password'))]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={label('confirmPassword')}
          name="confirmPassword"
          required
          dependencies={['password']}
          rules={[rules.field(fields.confirmPassword, label('confirmPassword')), rules.sameAs('password')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="agreeTerms" valuePropName="checked" rules={[rules.field(fields.agreeTerms, '')]}>
          <Checkbox>
            {t('signUp.agreePrefix')}{' '}
            <Link to="/privacy-policy-public" target="_blank">
              {t('privacyPolicy')}
            </Link>{' '}
            {t('signUp.and')}{' '}
            <Link to="/terms-of-service-public" target="_blank">
              {t('termsOfService')}
            </Link>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={signUp.isPending}>
          {t('signUp.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 24, textAlign: 'center' }}>
        {t('signUp.haveAccount')}{' '}
        <Button type="link" onClick={onBack} style={{ padding: 0 }}>
          {t('backToSignin')}
        </Button>
      </Typography.Paragraph>
    </>
  );
}
