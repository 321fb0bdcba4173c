import { err, ok, type Result } from '../../domain/result.ts';
import { parseCallbackUrl } from '../../domain/webhooks.ts';
import type { AppDeps } from '../deps.ts';

const refused = (message: string): Result<string> => err('invalid_request', message, 'callback_url');

/**
 * Request-time check of a submitted `callback_url` (payments, vouchers): an http(s) URL whose host is
 * not, and does not resolve to, a loopback, private, link-local, metadata or otherwise non-public
 * address, unless `webhookAllowPrivate` (WEBHOOK_ALLOW_PRIVATE=true). Returns the URL as given
 * (trimmed). Delivery checks the resolved address again at connect time, because DNS answers can change
 * after this check.
 */
export async function validateCallbackUrl(
  deps: Pick<AppDeps, 'config' | 'checkPublicHost'>,
  url: unknown,
): Promise<Result<string>> {
  if (typeof url !== 'string' || url.trim() === '') return refused('callback_url must be a non-empty string');
  const text = url.trim();
  const allowPrivate = deps.config.webhooks.allowPrivate;
  const parsed = parseCallbackUrl(text, allowPrivate);
  if (!parsed.ok) return refused(parsed.reason);
  if (allowPrivate || parsed.hostIsAddress) return ok(text);
  const checked = await deps.checkPublicHost(parsed.url.hostname.replace(/\.$/, ''));
  return checked.ok ? ok(text) : refused(`callback_url refused: ${checked.message}`);
}
