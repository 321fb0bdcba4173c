import { describe, expect, it } from 'vitest';
import { decodeReceive, decodeSend } from '../../src/http/lapi/payments.contract.ts';
import { decodeReceiveForm } from '../../src/http/web/dashboard/receive.form.ts';
import { decodeSendForm, sendFormErrors } from '../../src/http/web/dashboard/send.form.ts';

const INVOICE = `lnbcrt10u1${'q'.repeat(40)}`;

describe('the dashboard send form', () => {
  it('decodes each kind of "pay to" into the command the API decoder builds from its body', () => {
    const cases: Array<[Record<string, string>, Record<string, unknown>]> = [
      [
        { to: '@Alice_1', amount: ' 0.001 ', description: 'rent' },
        { payment_mode: 'usertag', usertag: 'Alice_1', amount: '0.001', description: 'rent' },
      ],
      [
        { to: `lightning:${INVOICE}`, amount: '', description: '' },
        { payment_mode: 'lightning', lightning_invoice: INVOICE },
      ],
      [
        { to: 'bob@example.com', amount: '0.0001', description: '' },
        {
          payment_mode: 'lightning',
          lightning_invoice: 'bob@example.com',
          lightning_invoice_type: 'lnurl',
          amount: '0.0001',
        },
      ],
    ];
    for (const [form, body] of cases) {
      expect(decodeSendForm(form, 'k')).toEqual(decodeSend(body, 'k'));
    }
  });

  it('names the form fields in its errors: to, amount', () => {
    const fieldOf = (f: Record<string, string>) => {
      const r = decodeSendForm(f, null);
      return r.ok ? null : r.error.field;
    };
    expect(fieldOf({ to: ' ', amount: '0.001' })).toBe('to');
    expect(fieldOf({ to: 'no spaces allowed', amount: '0.001' })).toBe('to');
    expect(fieldOf({ to: 'alice', amount: '' })).toBe('amount');
    expect(fieldOf({ to: 'alice', amount: 'lots' })).toBe('amount');
    expect(fieldOf({ to: 'bob@example.com', amount: '' })).toBe('amount');
  });

  it('shows a refusal of the send under "pay to" when it names the target, and for the form when it names nothing', () => {
    const target = sendFormErrors({ code: 'usertag_not_found', message: 'no such', field: 'usertag' });
    expect(target).toEqual({ byField: { to: 'no such' }, form: null });
    const amount = sendFormErrors({ code: 'invalid_request', message: 'too small', field: 'amount' });
    expect(amount).toEqual({ byField: { amount: 'too small' }, form: null });
    const balance = sendFormErrors({ code: 'insufficient_balance', message: 'not enough' });
    expect(balance).toEqual({ byField: {}, form: 'not enough' });
  });
});

describe('the dashboard receive form', () => {
  it('decodes into the command of POST /lapi/v1/receive', () => {
    expect(decodeReceiveForm({ amount: '0.0001', description: 'tea' })).toEqual(
      decodeReceive({ amount: '0.0001', description: 'tea' }, null),
    );
    expect(decodeReceiveForm({ amount: '0.0001', description: '' })).toEqual(
      decodeReceive({ amount: '0.0001' }, null),
    );
    const missing = decodeReceiveForm({ amount: '', description: '' });
    expect(missing.ok ? null : missing.error.field).toBe('amount');
  });
});
