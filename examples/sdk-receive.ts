// Receive a payment with @paytag/client and wait for it; on a sandbox service, pay it from "outside" too.
//   PAYTAG_URL=http://127.0.0.1:8080 PAYTAG_KEY=<invoice key> node --import tsx examples/sdk-receive.ts
import { createPaytagClient, PaytagError, PaytagTimeoutError } from '../packages/client/src/index.ts';

const paytag = createPaytagClient({
  baseUrl: process.env['PAYTAG_URL'] ?? 'http://127.0.0.1:8080',
  apiKey: process.env['PAYTAG_KEY'] ?? '',
});

try {
  const { data } = await paytag.api.POST('/lapi/v1/receive', {
    body: { amount: '0.00012345', description: 'Two coffees', order_id: 'A-1042' },
  });
  const request = data!.data;
  console.log(`pay ${request.lightning_invoice?.payreq} (or ${request.hosted_checkout_url})`);
  if (process.env['PAYTAG_SANDBOX'] === '1')
    await paytag.api.POST('/sandbox/v1/pay', { body: { invoice: request.lightning_invoice!.payreq! } });
  const ac = new AbortController();
  process.on('SIGINT', () => ac.abort(new Error('interrupted')));
  const payment = await paytag.waitForPayment(request.tid!, { signal: ac.signal });
  console.log(`payment ${payment.tid}: ${payment.status}`);
} catch (e) {
  if (e instanceof PaytagError) console.error(`paytag said ${e.status} ${e.code}: ${e.message}`);
  else if (e instanceof PaytagTimeoutError) console.error(e.message);
  else throw e;
  process.exitCode = 1;
}
