import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { paymentAmount, USER_COUNT_BANDS } from '@portal/contracts';
import type { CustomInputProps } from '../../shared/resource/types.ts';
import { DEFAULT_CURRENCY, formatMoney } from '../../shared/format.ts';

/**
 * The pack's payment amount as the price, band and discount are typed: the same rule the server
 * answers with (the server's figure is the one stored and shown in the list). Read-only.
 */
export function PaymentAmountField({ label }: CustomInputProps) {
  const { i18n } = useTranslation();
  const form = Form.useFormInstance();
  const price = Form.useWatch('pricePerUserMonth', form);
  const discount = Form.useWatch('discountPercent', form);
  const band = Form.useWatch('userBand', form);
  const known = typeof price === 'number' && USER_COUNT_BANDS.includes(band);
  const amount = known ? paymentAmount(price, typeof discount === 'number' ? discount : 0, band) : null;
  return <Input aria-label={label} readOnly value={amount === null ? '' : formatMoney(amount, DEFAULT_CURRENCY, i18n.language)} data-testid="payment-amount" />;
}

