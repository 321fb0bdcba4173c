// BOLT #11 payment requests: encode (sign) and decode (verify). The work lives in ./bolt11/: format.ts
// (layout, limits, feature bits, word helpers), amount.ts, encode.ts and decode.ts; this module is
// their public face.

export { decodeAmount, encodeAmount } from './bolt11/amount.ts';
export { decodeInvoice, descriptionHashHex } from './bolt11/decode.ts';
export { encodeInvoice } from './bolt11/encode.ts';
export {
  type Bolt11ErrorReason,
  type Bolt11Invoice,
  DEFAULT_EXPIRY_SEC,
  DEFAULT_INVOICE_FEATURES,
  DEFAULT_MIN_FINAL_CLTV_EXPIRY,
  type DecodeInvoiceResult,
  type EncodeInvoiceInput,
  FEATURE_BITS,
  type HexOr32Bytes,
  MAX_DESCRIPTION_BYTES,
  MAX_INVOICE_LENGTH,
  MAX_INVOICE_MSAT,
} from './bolt11/format.ts';
