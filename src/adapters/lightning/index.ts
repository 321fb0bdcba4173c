// The one place that turns the `lightning` part of the configuration into a backend.

import type { LightningBackend } from '../../app/ports.ts';
import { type ClnOptions, createClnBackend } from './cln.ts';
import { createLndBackend, type LndOptions } from './lnd.ts';
import { clnPayPermissionProbe, lndPayPermissionProbe, type NodeProbe } from './probes.ts';
import { createSandboxBackend, type SandboxOptions } from './sandbox.ts';

export type LightningBackendConfig =
  | ({ kind: 'sandbox' } & SandboxOptions)
  | ({ kind: 'lnd' } & LndOptions)
  | ({ kind: 'cln' } & ClnOptions);

export async function createLightningBackend(config: LightningBackendConfig): Promise<LightningBackend> {
  switch (config.kind) {
    case 'sandbox': {
      const { kind: _kind, ...opts } = config;
      return createSandboxBackend(opts);
    }
    case 'lnd': {
      const { kind: _kind, ...opts } = config;
      return createLndBackend(opts);
    }
    case 'cln': {
      const { kind: _kind, ...opts } = config;
      return createClnBackend(opts);
    }
  }
}

/** Checks for `paytag doctor` that only this kind of node can make. */
export function nodeProbes(config: LightningBackendConfig): NodeProbe[] {
  switch (config.kind) {
    case 'lnd':
      return [lndPayPermissionProbe(config)];
    case 'cln':
      return [clnPayPermissionProbe(config)];
    default:
      return [];
  }
}

export {
  type Bolt11ErrorReason,
  type Bolt11Invoice,
  DEFAULT_INVOICE_FEATURES,
  type DecodeInvoiceResult,
  decodeInvoice,
  descriptionHashHex,
  type EncodeInvoiceInput,
  encodeInvoice,
  MAX_DESCRIPTION_BYTES,
  MAX_INVOICE_MSAT,
} from './bolt11.ts';
export type { ClnOptions } from './cln.ts';
export type { LndOptions } from './lnd.ts';
export { LightningBackendError, type LightningErrorCode } from './rest.ts';
export {
  SANDBOX_FAIL_DESCRIPTION,
  SANDBOX_PENDING_DESCRIPTION,
  type SandboxBackend,
  type SandboxOptions,
} from './sandbox.ts';
