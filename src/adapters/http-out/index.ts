export { type AddressClass, classifyAddress, isPublicAddress } from '../../domain/net-address.ts';
export { isJsonObject, type JsonParseResult, type JsonValue, jsonToBigInt, parseJson } from './json.ts';
export {
  DEFAULT_MAX_BYTES,
  DEFAULT_TIMEOUT_MS,
  type Lookup,
  type ResolvedAddress,
  type SafeFetchFailure,
  type SafeFetchOptions,
  type SafeFetchResult,
  safeFetch,
  type WebhookPostOptions,
  webhookPost,
} from './safe-fetch.ts';
