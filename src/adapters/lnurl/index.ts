export {
  type DecodeLnurlResult,
  decodeLnurl,
  encodeLnurl,
  isAllowedLnurlUrl,
  type UrlPolicy,
} from '../../domain/lnurl.ts';
export {
  createLnurlPayClient,
  type LnurlClientOptions,
  type LnurlErrorReason,
  type LnurlFailureKind,
  type LnurlResult,
  lightningAddressUrl,
  lnurlFailureKind,
  type PayRequest,
  type RequestedInvoice,
  type RequestInvoiceOptions,
  requestInvoice,
  resolvePayTarget,
} from './client.ts';
