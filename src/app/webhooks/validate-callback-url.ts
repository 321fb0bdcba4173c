import { lookup } from 'node:dns/promises';
import { err, ok, type Result } from '../../domain/result.ts';
import { isForbiddenAddress, parseCallbackUrl } from '../../domain/webhooks.ts';

/** Longest wait for the DNS answer when a callback URL is submitted. */
const DNS_TIMEOUT_MS = 5_000;

const refused = (message: string): Result<string> => err('invalid_request', message, 'callback_url');

/**
 * Request-time check of a submitted `callback_url` (payments, vouchers): an http(s) URL whose host is
 * not, and does not resolve to, a loopback, private, link-local, metadata or otherwise non-public
 * address, unless `allowPrivate` (config `webhookAllowPrivate`, WEBHOOK_ALLOW_PRIVATE=true). Returns
 * the URL as given (trimmed). Delivery checks the resolved address again at connect time, because DNS
 * answers can change after this check.
 */
export async function validateCallbackUrl(url: unknown, allowPrivate: boolean): Promise<Result<string>> {
  if (typeof url !== 'string' || url.trim() === '') return refused('callback_url must be a non-empty string');
  const text = url.trim();
  const parsed = parseCallbackUrl(text, allowPrivate);
  if (!parsed.ok) return refused(parsed.reason);
  if (allowPrivate || parsed.hostIsAddress) return ok(text);

  const host = parsed.url.hostname.replace(/\.$/, '');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), DNS_TIMEOUT_MS);
  });
  try {
    const addresses = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
    if (addresses === null)
      return refused(`callback_url host ${host} did not resolve within ${DNS_TIMEOUT_MS} ms`);
    if (addresses.length === 0) return refused(`callback_url host ${host} has no address`);
    // Every address must be public: a name that also resolves privately could be steered there.
    if (addresses.some((a) => isForbiddenAddress(a.address))) {
      return refused('callback_url resolves to a private, loopback or link-local address');
    }
    return ok(text);
  } catch {
    return refused(`callback_url host ${host} does not resolve`);
  } finally {
    clearTimeout(timer);
  }
}
