import { err, ok, type Result } from '../../domain/result.ts';
import { parseCallbackUrl } from '../../domain/webhooks.ts';
import type { AppDeps } from '../deps.ts';

const refusedAs =
  (field: string) =>
  (message: string): Result<string> =>
    err('invalid_request', message, field);

/**
 * Request-time check of a submitted `callback_url` (payments, vouchers): an http(s) URL whose host is
 * not, and does not resolve to, a loopback, private, link-local, metadata or otherwise non-public
 * address, unless `webhookAllowPrivate` (WEBHOOK_ALLOW_PRIVATE=true). Returns the URL as given
 * (trimmed). Delivery checks the resolved address again at connect time, because DNS answers can change
 * after this check.
 */
export async function validateCallbackUrl(
  deps: Pick<AppDeps, 'config' | 'checkPublicHost'>,
  url: string,
): Promise<Result<string>> {
  return validatePublicUrl(deps, url, 'callback_url');
}

/** A host name of letters, digits, hyphens and dots, or an IP address literal: nothing a policy reads. */
const PLAIN_HOST = /^(?:[a-z0-9-]+\.)*[a-z0-9-]+\.?$|^\[[0-9a-f:.]+\]$/;

/**
 * Request-time check of a voucher's `unique_design_url`, which every visitor's browser loads and the
 * page's Content-Security-Policy names: the rules of a callback URL (http or https, a public host), and
 * a host with nothing but letters, digits, hyphens and dots, so it cannot carry `;`, `,`, `*` or quotes
 * into the policy.
 */
export async function validateDesignUrl(
  deps: Pick<AppDeps, 'config' | 'checkPublicHost'>,
  url: string,
): Promise<Result<string>> {
  const field = 'unique_design_url';
  try {
    if (!PLAIN_HOST.test(new URL(url.trim()).hostname)) {
      return refusedAs(field)(`${field} host may hold only letters, digits, hyphens and dots`);
    }
  } catch {
    // Not a URL at all: validatePublicUrl says so.
  }
  return validatePublicUrl(deps, url, field);
}

async function validatePublicUrl(
  deps: Pick<AppDeps, 'config' | 'checkPublicHost'>,
  url: string,
  field: string,
): Promise<Result<string>> {
  const refused = refusedAs(field);
  if (url.trim() === '') return refused(`${field} must be a non-empty string`);
  const text = url.trim();
  const allowPrivate = deps.config.webhooks.allowPrivate;
  const parsed = parseCallbackUrl(text, allowPrivate);
  // The domain's reasons name callback_url; the same rules apply to the other URLs checked here.
  if (!parsed.ok) return refused(parsed.reason.replace(/^callback_url/, field));
  if (allowPrivate || parsed.hostIsAddress) return ok(text);
  const checked = await deps.checkPublicHost(parsed.url.hostname.replace(/\.$/, ''));
  return checked.ok ? ok(text) : refused(`${field} refused: ${checked.message}`);
}
